import { LISTEN_COUNT_CAP, type ListeningStatus, type PlayedNotRated } from '@hearsay/contracts/listening';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { createListensService, type IncomingListen, type ListensService } from './listens.service.ts';

let t: TestApp;
let listens: ListensService;
let ana: TestUser;
let ben: TestUser;
const albums: Record<'blueTrain' | 'kindOfBlue' | 'aLoveSupreme' | 'giantSteps', string> = {
  blueTrain: '',
  kindOfBlue: '',
  aLoveSupreme: '',
  giantSteps: '',
};

const clock = manualClock();
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { PUBLIC_URL: 'https://hearsay.example' } });
  listens = createListensService({ db: t.db, clock: clock.now });
  albums.blueTrain = await buildAlbum(t.db, { title: 'Blue Train', artist: 'John Coltrane' });
  albums.kindOfBlue = await buildAlbum(t.db, { title: 'Kind of Blue', artist: 'Miles Davis' });
  albums.aLoveSupreme = await buildAlbum(t.db, { title: 'A Love Supreme', artist: 'John Coltrane' });
  albums.giantSteps = await buildAlbum(t.db, { title: 'Giant Steps', artist: 'John Coltrane' });
  ana = await createUser(t);
  ben = await createUser(t);
});
afterAll(() => t.close());

const get = (url: string, person: TestUser | null) => t.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });
const status = async (person: TestUser) => {
  const response = await get('/api/me/listening', person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListeningStatus>();
};
const playedNotRated = async (person: TestUser, query = '') => {
  const response = await get(`/api/me/played-not-rated${query}`, person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlayedNotRated>();
};

function listen(trackName: string, artistName: string, releaseName: string | null, secondsAgo: number): IncomingListen {
  return {
    listenedAt: nowSeconds() - secondsAgo,
    trackName,
    artistName,
    releaseName,
    durationMs: null,
    recordingMbid: null,
    releaseMbid: null,
    releaseGroupMbid: null,
    artistMbids: null,
    additionalInfo: null,
  };
}

/**
 * Matching listens to albums is a job of the listens module that this branch does not have: the test marks them
 * matched itself, as that job would, by updating the `listen` rows of the person's track.
 */
async function markMatched(person: TestUser, trackName: string, albumId: string) {
  await t.db
    .updateTable('listen')
    .set({ album_id: albumId, match_state: 'matched' })
    .where('user_id', '=', person.user.id)
    .where('track_name', '=', trackName)
    .execute();
}

/** What the ListenBrainz-compatible API keeps when a player says what is playing (that API is not on this branch). */
async function setNowPlaying(person: TestUser, track: { trackName: string; artistName: string; client: string }, expiresInSeconds: number) {
  const now = clock.now();
  await t.db
    .insertInto('now_playing')
    .values({
      user_id: person.user.id,
      track_name: track.trackName,
      artist_name: track.artistName,
      release_name: null,
      duration_ms: null,
      additional_info: null,
      client: track.client,
      started_at: now.toISOString(),
      expires_at: new Date(now.getTime() + expiresInSeconds * 1000).toISOString(),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        track_name: eb.ref('excluded.track_name'),
        client: eb.ref('excluded.client'),
        expires_at: eb.ref('excluded.expires_at'),
      })),
    )
    .execute();
}

describe('Settings → Listening: the status line', () => {
  it('gives the addresses to paste into a player, and says no listen came yet', async () => {
    expect(await status(ana)).toEqual({
      siteUrl: 'https://hearsay.example/',
      apiRoot: 'https://hearsay.example/1/',
      submitUrl: 'https://hearsay.example/1/submit-listens',
      lastListen: null,
      nowPlaying: null,
      counts: { last24Hours: 0, total: 0, capped: false },
    });
  });

  it('shows the last listen a player sent, with the player, and counts every listen', async () => {
    await listens.record(ana.user.id, [listen('Moment’s Notice', 'John Coltrane', 'Blue Train', 600)], {
      origin: 'api',
      client: 'Navidrome 0.53.3',
    });
    await listens.record(ana.user.id, [listen('Locomotion', 'John Coltrane', 'Blue Train', 120)], {
      origin: 'api',
      client: 'Web Scrobbler 3.9.0',
    });
    // An imported history, even of a later moment, is not what a player sent.
    await listens.record(
      ana.user.id,
      [listen('So What', 'Miles Davis', 'Kind of Blue', 60), listen('Blue in Green', 'Miles Davis', 'Kind of Blue', 3 * DAY)],
      {
        origin: 'listenbrainz',
        client: null,
      },
    );
    const seen = await status(ana);
    expect(seen.lastListen).toEqual({
      at: new Date((nowSeconds() - 120) * 1000).toISOString(),
      trackName: 'Locomotion',
      artistName: 'John Coltrane',
      releaseName: 'Blue Train',
      client: 'Web Scrobbler 3.9.0',
    });
    expect(seen.counts).toEqual({ last24Hours: 3, total: 4, capped: false });
  });

  it('shows what is playing now until it runs out', async () => {
    await setNowPlaying(ana, { trackName: 'Acknowledgement', artistName: 'John Coltrane', client: 'Navidrome 0.53.3' }, 300);
    expect((await status(ana)).nowPlaying).toMatchObject({
      trackName: 'Acknowledgement',
      artistName: 'John Coltrane',
      client: 'Navidrome 0.53.3',
    });
    clock.advance(301_000);
    expect((await status(ana)).nowPlaying).toBeNull();
  });

  it('counts a long history up to 10,000 and then says there is more', async () => {
    const cy = await createUser(t);
    const history = Array.from({ length: LISTEN_COUNT_CAP + 1 }, (_, index) =>
      listen(`Track ${index}`, 'Many Artists', null, 2 * DAY + index),
    );
    await listens.record(cy.user.id, history, { origin: 'listenbrainz', client: null });
    await listens.record(cy.user.id, [listen('Today', 'Many Artists', null, 30)], { origin: 'api', client: null });
    expect((await status(cy)).counts).toEqual({ last24Hours: 1, total: LISTEN_COUNT_CAP, capped: true });
  });

  it('is each member’s own: another member sees nothing of it, a visitor is asked to sign in', async () => {
    const other = await status(ben);
    expect(other.lastListen).toBeNull();
    expect(other.nowPlaying).toBeNull();
    expect(other.counts).toEqual({ last24Hours: 0, total: 0, capped: false });
    expect((await get('/api/me/listening', null)).statusCode).toBe(401);
  });
});

describe('Played, not rated yet', () => {
  beforeAll(async () => {
    // Ana played Blue Train and Kind of Blue (above), A Love Supreme today and Giant Steps forty days ago.
    await listens.record(
      ana.user.id,
      [
        listen('Acknowledgement', 'John Coltrane', 'A Love Supreme', 30),
        listen('Resolution', 'John Coltrane', 'A Love Supreme', 20),
        listen('Giant Steps', 'John Coltrane', 'Giant Steps', 40 * DAY),
        listen('Unknown Track', 'Nobody Known', 'Nothing Matched', 10),
      ],
      { origin: 'api', client: 'Navidrome 0.53.3' },
    );
    await markMatched(ana, 'Moment’s Notice', albums.blueTrain);
    await markMatched(ana, 'Locomotion', albums.blueTrain);
    await markMatched(ana, 'So What', albums.kindOfBlue);
    await markMatched(ana, 'Blue in Green', albums.kindOfBlue);
    await markMatched(ana, 'Acknowledgement', albums.aLoveSupreme);
    await markMatched(ana, 'Resolution', albums.aLoveSupreme);
    await markMatched(ana, 'Giant Steps', albums.giantSteps);
    // Ben played Giant Steps today: it is not Ana's.
    await listens.record(ben.user.id, [listen('Giant Steps', 'John Coltrane', 'Giant Steps', 50)], { origin: 'api', client: null });
    await markMatched(ben, 'Giant Steps', albums.giantSteps);
  });

  it('lists the albums a member played in the last 30 days, most recently played first, with their plays', async () => {
    const list = await playedNotRated(ana);
    expect(list.days).toBe(30);
    expect(list.items.map((item) => [item.album.title, item.plays])).toEqual([
      ['A Love Supreme', 2],
      ['Kind of Blue', 2],
      ['Blue Train', 2],
    ]);
    expect(list.items[0]).toMatchObject({ album: { id: albums.aLoveSupreme, viewerRating: null } });
    expect(list.items[0]?.lastPlayedAt).toBe(new Date((nowSeconds() - 20) * 1000).toISOString());
  });

  it('leaves out what the member rated; once rated an album leaves the list', async () => {
    const rated = await t.inject({
      method: 'PUT',
      url: `/api/albums/${albums.kindOfBlue}/rating`,
      headers: { cookie: ana.cookie },
      payload: { rating: 9 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await playedNotRated(ana)).items.map((item) => item.album.title)).toEqual(['A Love Supreme', 'Blue Train']);
  });

  it('counts only the member’s own listens and ratings', async () => {
    // Ben rating A Love Supreme changes nothing for Ana; Ben's list has only what he played.
    await t.inject({
      method: 'PUT',
      url: `/api/albums/${albums.aLoveSupreme}/rating`,
      headers: { cookie: ben.cookie },
      payload: { rating: 7 },
    });
    expect((await playedNotRated(ana)).items.map((item) => item.album.title)).toEqual(['A Love Supreme', 'Blue Train']);
    expect((await playedNotRated(ben)).items.map((item) => [item.album.title, item.plays])).toEqual([['Giant Steps', 1]]);
    expect((await get('/api/me/played-not-rated', null)).statusCode).toBe(401);
  });

  it('takes a limit, and refuses one out of range with a clear error', async () => {
    expect((await playedNotRated(ana, '?limit=1')).items.map((item) => item.album.title)).toEqual(['A Love Supreme']);
    const refused = await get('/api/me/played-not-rated?limit=500', ana);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_request', issues: [expect.objectContaining({ path: 'query.limit' })] });
  });
});
