import type { FeedItem, FeedPage } from '@hearsay/contracts/feed';
import type { JournalPage } from '@hearsay/contracts/journal';
import type { PlayedTrack, PlayedTracksPage } from '@hearsay/contracts/listens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../../test/musicbrainz.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { applyThreadEvent, type CoreServices } from '../../services.ts';
import { createListensService, type IncomingListen, type ListensService } from './listens.service.ts';

let t: TestApp;
let mb: FakeMusicBrainz;
let listens: ListensService;

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Midnight (UTC) `days` ago, in whole seconds: days of sittings far from each other and from now. */
const dayStart = (days: number) => Math.floor(Date.now() / 86_400_000 - days) * 86_400;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

const TEN_TRACKS = Array.from({ length: 10 }, (_, index) => ({ position: index + 1, title: `Song ${index + 1}` }));

beforeAll(async () => {
  mb = await startFakeMusicBrainz();
  t = await createTestApp({
    env: { MUSICBRAINZ: 'on', MUSICBRAINZ_URL: mb.url, MUSICBRAINZ_MIN_INTERVAL_MS: '0', MUSICBRAINZ_CONTACT: 'ops@hearsay.test' },
  });
  // Listens come in through the service, as the ListenBrainz-compatible API and the imports hand them over.
  listens = createListensService({ db: t.db, clock: () => new Date(), events: t.app.domainEvents });
});
afterAll(async () => {
  await t?.close();
  await mb?.close();
});

function listen(at: number, track: string, artist: string, release: string | null, more: Partial<IncomingListen> = {}): IncomingListen {
  return {
    listenedAt: at,
    trackName: track,
    artistName: artist,
    releaseName: release,
    durationMs: null,
    recordingMbid: null,
    releaseMbid: null,
    releaseGroupMbid: null,
    artistMbids: null,
    additionalInfo: null,
    ...more,
  };
}

/** Records the listens as a player would, then waits until the person's matching job has run over all of them. */
async function play(person: TestUser, played: IncomingListen[]): Promise<void> {
  await listens.record(person.user.id, played, { origin: 'api', client: 'Test Player 1.0' });
  await settle(person);
}

async function settle(person: TestUser): Promise<void> {
  await t.app.domainEvents.idle();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await t.db
      .selectFrom('job')
      .select(['state', 'error'])
      .where('id', '=', `listen-matching:${person.user.id}`)
      .executeTakeFirst();
    if (job?.state === 'failed') throw new Error(`matching failed: ${job.error}`);
    const waiting = await t.db
      .selectFrom('listen')
      .select('id')
      .where('user_id', '=', person.user.id)
      .where('match_state', '=', 'new')
      .executeTakeFirst();
    if (job?.state === 'done' && !waiting) return;
    if (Date.now() > deadline) throw new Error(`matching stayed ${job?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function playedTracks(person: TestUser, query = ''): Promise<PlayedTracksPage> {
  const response = await t.inject({ url: `/api/me/listens${query}`, headers: { cookie: person.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlayedTracksPage>();
}

async function track(person: TestUser, name: string): Promise<PlayedTrack> {
  const found = (await playedTracks(person, '?limit=100')).items.find((item) => item.trackName === name);
  if (!found) throw new Error(`${name} is not among the played tracks`);
  return found;
}

async function journal(person: TestUser, albumId: string) {
  const response = await t.inject({ url: `/api/me/journal?album=${albumId}&limit=100`, headers: { cookie: person.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<JournalPage>().items.map((entry) => entry.listenedOn);
}

async function feed(person: TestUser): Promise<FeedItem[]> {
  const response = await t.inject({ url: '/api/feed', headers: { cookie: person.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedPage>().items;
}

const as = (person: TestUser, method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url, headers: { cookie: person.cookie }, ...(payload ? { payload } : {}) });

/** `count` listens of distinct tracks of a ten-track album, three minutes apart from `start`. */
const sitting = (start: number, artist: string, release: string, count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => listen(start + index * 180, `Song ${from + index}`, artist, release));

describe('matching listens to albums', () => {
  it('finds an album by its release group, adding it from MusicBrainz when the catalog lacks it', async () => {
    const me = await createUser(t);
    const at = dayStart(40) + 10 * HOUR;
    await play(me, [
      listen(at, 'Speak to Me', 'Pink Floyd', 'The Dark Side of the Moon', { releaseGroupMbid: 'f5093c06-23e3-404f-aeaa-40f72885ee3a' }),
      listen(at + 90, 'Breathe', 'Pink Floyd', 'Dark Side of the Moon (2011 remaster)', {
        releaseGroupMbid: 'f5093c06-23e3-404f-aeaa-40f72885ee3a',
      }),
    ]);
    const album = await t.db
      .selectFrom('album')
      .select(['id', 'status'])
      .where('mbid', '=', 'f5093c06-23e3-404f-aeaa-40f72885ee3a')
      .execute();
    expect(album).toEqual([{ id: expect.any(String), status: 'confirmed' }]);
    for (const name of ['Speak to Me', 'Breathe']) {
      const played = await track(me, name);
      expect(played).toMatchObject({ state: 'matched', album: { id: album[0]!.id, title: 'The Dark Side of the Moon' } });
    }
  });

  it('finds an album by a release id through its release group on MusicBrainz', async () => {
    const me = await createUser(t);
    await play(me, [
      listen(dayStart(41) + 9 * HOUR, 'One of These Days', 'Pink Floyd', 'Meddle', { releaseMbid: 'da70292e-4b3a-5559-9595-e9c430f34cc0' }),
    ]);
    const played = await track(me, 'One of These Days');
    expect(played).toMatchObject({ state: 'matched', album: { title: 'Meddle', artistCredit: 'Pink Floyd' } });
    const [album] = await t.db.selectFrom('album').select('mbid').where('id', '=', played.album!.id).execute();
    expect(album?.mbid).toBe('4e98c9b4-92f6-3049-b9da-a1088b623672');
  });

  it('matches every album a batch names by id at once: past the first, added pending with the id for MusicBrainz to confirm', async () => {
    const me = await createUser(t);
    const at = dayStart(45) + 9 * HOUR;
    await play(me, [
      listen(at, 'Speed of Life', 'David Bowie', 'Low', { releaseGroupMbid: '313b7e95-c5e3-5292-8430-22505ad700bd' }),
      listen(at + 200, 'Beauty and the Beast', 'David Bowie', '"Heroes"', { releaseGroupMbid: '7a9433e3-0544-54b0-8f7c-0491c35d1f87' }),
    ]);
    const albums = await t.db
      .selectFrom('album')
      .select(['id', 'mbid', 'created_by'])
      .where('mbid', 'in', ['313b7e95-c5e3-5292-8430-22505ad700bd', '7a9433e3-0544-54b0-8f7c-0491c35d1f87'])
      .execute();
    const idOf = (mbid: string) => albums.find((album) => album.mbid === mbid)?.id;
    expect((await track(me, 'Speed of Life')).album?.id).toBe(idOf('313b7e95-c5e3-5292-8430-22505ad700bd'));
    expect((await track(me, 'Beauty and the Beast')).album?.id).toBe(idOf('7a9433e3-0544-54b0-8f7c-0491c35d1f87'));
    // One came from MusicBrainz in the run; the other was added as the member's, pending, with its id.
    expect(albums.map((album) => album.created_by === me.user.id).sort()).toEqual([false, true]);
  });

  it('adds the album pending, as an import does, when MusicBrainz cannot be reached', async () => {
    const me = await createUser(t);
    mb.offline(true);
    try {
      await play(me, [
        listen(dayStart(42) + 9 * HOUR, 'Smells Like Teen Spirit', 'Nirvana', 'Nevermind', {
          releaseGroupMbid: '1b022e01-4da6-387b-8658-8678046e4cef',
        }),
      ]);
    } finally {
      mb.offline(false);
    }
    const played = await track(me, 'Smells Like Teen Spirit');
    expect(played).toMatchObject({ state: 'pending', album: { title: 'Nevermind', artistCredit: 'Nirvana' } });
    const [album] = await t.db.selectFrom('album').select(['mbid', 'created_by']).where('id', '=', played.album!.id).execute();
    expect(album).toEqual({ mbid: '1b022e01-4da6-387b-8658-8678046e4cef', created_by: me.user.id });
  });

  it('finds albums by artist and title as the catalog matches them: case, "The" and punctuation aside', async () => {
    const me = await createUser(t);
    const abbey = await buildAlbum(t.db, { title: 'Abbey Road', artist: 'The Beatles' });
    const section = await buildAlbum(t.db, { title: 'Section.80', artist: 'Kendrick Lamar' });
    const at = dayStart(43) + 9 * HOUR;
    await play(me, [
      listen(at, 'Come Together', 'Beatles', 'ABBEY ROAD'),
      listen(at + 300, 'Something', 'beatles, the', 'abbey road'),
      listen(at + 600, 'A.D.H.D', 'Kendrick Lamar', 'Section 80'),
    ]);
    expect((await track(me, 'Come Together')).album?.id).toBe(abbey);
    expect((await track(me, 'Something')).album?.id).toBe(abbey);
    expect(await track(me, 'A.D.H.D')).toMatchObject({ state: 'matched', album: { id: section } });
  });

  it('matches listens an import recorded in the job thread, which tells the server of them', async () => {
    const me = await createUser(t);
    const album = await buildAlbum(t.db, { title: 'Imported Elsewhere', artist: 'Thread Band' });
    // The job thread has no event bus: its services pass the event to the server as a thread event.
    const inThread = createListensService({
      db: t.db,
      clock: () => new Date(),
      events: {
        emit: (_name, payload) => applyThreadEvent({} as CoreServices, { type: 'listens-recorded', ...payload }, t.app.domainEvents),
      },
    });
    await inThread.record(me.user.id, [listen(dayStart(46) + 9 * HOUR, 'From The File', 'Thread Band', 'Imported Elsewhere')], {
      origin: 'listenbrainz-export',
      client: null,
    });
    await settle(me);
    expect(await track(me, 'From The File')).toMatchObject({ state: 'matched', origin: 'listenbrainz-export', album: { id: album } });
  });

  it('keeps and shows listens it cannot match: no album named, or none found, never adding one from a name alone', async () => {
    const me = await createUser(t);
    const albumsBefore = await t.db
      .selectFrom('album')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const at = dayStart(44) + 9 * HOUR;
    await play(me, [listen(at, 'A Single', 'Somebody', null), listen(at + 200, 'Deep Cut', 'Nobody Known', 'An Album Nobody Has')]);
    const page = await playedTracks(me);
    expect(page.items.map((item) => [item.trackName, item.state, item.album])).toEqual([
      ['Deep Cut', 'unmatched', null],
      ['A Single', 'unmatched', null],
    ]);
    expect(page.items[0]).toMatchObject({
      artistName: 'Nobody Known',
      releaseName: 'An Album Nobody Has',
      client: 'Test Player 1.0',
      origin: 'api',
    });
    const albumsAfter = await t.db
      .selectFrom('album')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(albumsAfter.n)).toBe(Number(albumsBefore.n));
  });
});

describe('rolling listens up into the journal', () => {
  it('enters an album once half of its tracks were played in one sitting, not one track fewer', async () => {
    const me = await createUser(t);
    const album = await buildAlbum(t.db, { title: 'Half Way', artist: 'Threshold Band', tracks: TEN_TRACKS });
    const start = dayStart(30) + 8 * HOUR;
    await play(me, sitting(start, 'Threshold Band', 'Half Way', 4));
    expect(await journal(me, album)).toEqual([]);
    // The fifth track arrives later, as a player offline for a while sends it.
    await play(me, sitting(start + 4 * 180, 'Threshold Band', 'Half Way', 1, 5));
    expect(await journal(me, album)).toEqual([dayOf(start)]);
  });

  it('counts twenty minutes of an album whose tracks the catalog does not list', async () => {
    const me = await createUser(t);
    const long = await buildAlbum(t.db, { title: 'Long Pieces', artist: 'Minutes' });
    const short = await buildAlbum(t.db, { title: 'Short Pieces', artist: 'Minutes' });
    const start = dayStart(31) + 8 * HOUR;
    await play(me, [
      ...[1, 2, 3].map((n) => listen(start + n * 420, `Long ${n}`, 'Minutes', 'Long Pieces', { durationMs: 400_000 })),
      ...[1, 2, 3].map((n) => listen(start + 4 * HOUR + n * 420, `Short ${n}`, 'Minutes', 'Short Pieces', { durationMs: 399_000 })),
    ]);
    expect(await journal(me, long)).toEqual([dayOf(start)]);
    expect(await journal(me, short)).toEqual([]);
  });

  it('makes two entries of two sittings of a day, apart by more than two hours, and one of listens closer together', async () => {
    const me = await createUser(t);
    const album = await buildAlbum(t.db, { title: 'Twice a Day', artist: 'Repeat Band', tracks: TEN_TRACKS });
    const morning = dayStart(32) + 7 * HOUR;
    const evening = morning + 12 * HOUR;
    await play(me, [...sitting(morning, 'Repeat Band', 'Twice a Day', 5), ...sitting(evening, 'Repeat Band', 'Twice a Day', 5)]);
    expect(await journal(me, album)).toEqual([dayOf(morning), dayOf(morning)]);

    // Three tracks, then two more within two hours of the last: one sitting.
    const other = await buildAlbum(t.db, { title: 'With a Break', artist: 'Repeat Band', tracks: TEN_TRACKS });
    const start = dayStart(33) + 9 * HOUR;
    await play(me, [
      ...sitting(start, 'Repeat Band', 'With a Break', 3),
      ...sitting(start + 2 * HOUR, 'Repeat Band', 'With a Break', 2, 4),
    ]);
    expect(await journal(me, other)).toEqual([dayOf(start)]);
  });

  it('adds nothing when listens arrive out of order, late into a sitting already entered, or are matched again', async () => {
    const me = await createUser(t);
    const album = await buildAlbum(t.db, { title: 'Out of Order', artist: 'Late Band', tracks: TEN_TRACKS });
    const start = dayStart(34) + 20 * HOUR;
    // The end of the sitting first (below the threshold), then its beginning.
    await play(me, sitting(start + 3 * 180, 'Late Band', 'Out of Order', 3, 4));
    expect(await journal(me, album)).toEqual([]);
    await play(me, sitting(start, 'Late Band', 'Out of Order', 3));
    expect(await journal(me, album)).toEqual([dayOf(start)]);
    // A track played before any of them, within the sitting, arriving last.
    await play(me, [listen(start - 600, 'Song 7', 'Late Band', 'Out of Order')]);
    expect(await journal(me, album)).toEqual([dayOf(start)]);

    // Every listen matched and rolled up again from scratch.
    await t.db.updateTable('listen').set({ match_state: 'new', album_id: null }).where('user_id', '=', me.user.id).execute();
    await play(me, [listen(dayStart(60), 'Unrelated', 'Somebody', null)]);
    expect(await journal(me, album)).toEqual([dayOf(start)]);
  });
});

describe('what others see of a rolled-up listen', () => {
  it('puts recent listens in followers’ feeds, and an import’s old listens in the journal only', async () => {
    const me = await createUser(t, { name: 'Scrobbler' });
    const follower = await createUser(t);
    expect((await as(follower, 'PUT', `/api/users/${me.user.username}/follow`)).statusCode).toBe(200);
    const recent = await buildAlbum(t.db, { title: 'Played Today', artist: 'Fresh Band', tracks: TEN_TRACKS });
    const old = await buildAlbum(t.db, { title: 'Played Long Ago', artist: 'Fresh Band', tracks: TEN_TRACKS });
    const oldStart = dayStart(5) + 9 * HOUR;
    await play(me, [
      ...sitting(nowSeconds() - 2 * HOUR, 'Fresh Band', 'Played Today', 5),
      ...sitting(oldStart, 'Fresh Band', 'Played Long Ago', 5),
    ]);
    expect(await journal(me, old)).toEqual([dayOf(oldStart)]);
    const shown = (await feed(follower)).filter((item) => item.kind === 'listen');
    expect(shown.map((item) => item.kind === 'listen' && [item.actor.name, item.album.id])).toEqual([['Scrobbler', recent]]);
  });

  it('shows the listen to followers only while sharing listening is on, never to strangers or the blocked', async () => {
    const me = await createUser(t, { name: 'Private Listener' });
    const follower = await createUser(t);
    const blocked = await createUser(t);
    const stranger = await createUser(t);
    for (const person of [follower, blocked]) {
      expect((await as(person, 'PUT', `/api/users/${me.user.username}/follow`)).statusCode).toBe(200);
    }
    expect((await as(me, 'PUT', `/api/users/${blocked.user.username}/block`)).statusCode).toBe(200);
    const album = await buildAlbum(t.db, { title: 'Shared or Not', artist: 'Privacy Band', tracks: TEN_TRACKS });
    await play(me, sitting(nowSeconds() - 3 * HOUR, 'Privacy Band', 'Shared or Not', 6));
    const listensIn = async (person: TestUser) =>
      (await feed(person)).filter((item) => item.kind === 'listen' && item.album.id === album).length;

    expect(await listensIn(follower)).toBe(1);
    expect(await listensIn(stranger)).toBe(0);
    expect(await listensIn(blocked)).toBe(0);
    expect((await as(me, 'PATCH', '/api/me/settings', { sharing: { listening: false } })).statusCode).toBe(200);
    expect(await listensIn(follower)).toBe(0);
    expect((await as(me, 'PATCH', '/api/me/settings', { sharing: { listening: true } })).statusCode).toBe(200);
    expect(await listensIn(follower)).toBe(1);
  });
});

describe('the member’s played tracks', () => {
  it('pages newest first, refuses a made-up position, and deletes only the member’s own', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const at = dayStart(50) + 9 * HOUR;
    await play(
      me,
      [1, 2, 3].map((n) => listen(at + n * 60, `Paged ${n}`, 'Pager', null)),
    );
    const first = await playedTracks(me, '?limit=2');
    expect(first.items.map((item) => item.trackName)).toEqual(['Paged 3', 'Paged 2']);
    const second = await playedTracks(me, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({
      items: [{ trackName: 'Paged 1', playedAt: new Date((at + 60) * 1000).toISOString() }],
      nextCursor: null,
    });

    const bad = await t.inject({ url: '/api/me/listens?cursor=not-a-position', headers: { cookie: me.cookie } });
    expect(bad.statusCode).toBe(400);
    expect((await t.inject({ url: '/api/me/listens' })).statusCode).toBe(401);

    const id = second.items[0]!.id;
    expect((await as(other, 'DELETE', `/api/me/listens/${id}`)).statusCode).toBe(404);
    expect((await as(me, 'DELETE', `/api/me/listens/${id}`)).statusCode).toBe(200);
    expect((await playedTracks(me)).items.map((item) => item.trackName)).toEqual(['Paged 3', 'Paged 2']);
  });
});
