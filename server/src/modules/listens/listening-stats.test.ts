/**
 * Listening stats on a profile and in the year in review: listening time and the albums and artists played most in
 * the last week, month and year, over a member's listens; who may see them follows the profile's rules and the
 * member's "share my listening" setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { createListensService, type IncomingListen } from './listens.service.ts';

const DAY = 24 * 60 * 60;
/** Midsummer of this year: every listen below but the oldest falls in this calendar year, whatever the day the test runs. */
const NOW = Date.UTC(new Date().getUTCFullYear(), 6, 1, 12);
const clock = () => new Date(NOW);
const nowSeconds = Math.floor(NOW / 1000);

let t: TestApp;
const { call, act } = requestsTo(() => t);
let ana: TestUser;
let ben: TestUser;
let cy: TestUser;
let eve: TestUser;
let pat: TestUser;
let fay: TestUser;
let sam: TestUser;
let endlessness: string;
let spaceOne: string;

function listen(daysAgo: number, track: string, artist: string, extra: Partial<IncomingListen> = {}): IncomingListen {
  return {
    listenedAt: nowSeconds - Math.round(daysAgo * DAY),
    trackName: track,
    artistName: artist,
    releaseName: null,
    durationMs: null,
    recordingMbid: null,
    releaseMbid: null,
    releaseGroupMbid: null,
    artistMbids: null,
    additionalInfo: null,
    ...extra,
  };
}

/**
 * Test-only stand-in for the matching job (another part of the listens module, not built here): puts listens of these
 * track names on an album, as that job would once it matched them.
 */
async function matchTo(userId: string, albumId: string, tracks: string[]): Promise<void> {
  await t.db
    .updateTable('listen')
    .set({ album_id: albumId, match_state: 'matched' })
    .where('user_id', '=', userId)
    .where('track_name', 'in', tracks)
    .execute();
}

/** The same listening for each person: four weeks' and a year's worth, one listen outside the year. */
async function giveListening(person: TestUser): Promise<void> {
  const listens = createListensService({ db: t.db, clock });
  await listens.record(
    person.user.id,
    [
      // The last week: five listens of Nala Sinephro (however the player spelled the name).
      listen(1, 'Endlessness I', 'Nala Sinephro', { durationMs: 200_000 }),
      listen(1.1, 'Endlessness II', 'Nala Sinephro', { durationMs: 200_000 }),
      listen(2, 'Endlessness III', 'NALA SINEPHRO', { durationMs: 200_000 }),
      // No length from the player: the catalog's track length (letter case aside).
      listen(3, 'endlessness iv', 'nala sinephro'),
      // No length anywhere: the guess.
      listen(5, 'Space 1.8', 'Nala Sinephro'),
      // The last month.
      listen(12, 'Space 1', 'Nala Sinephro', { durationMs: 300_000 }),
      listen(20, 'Space 2', 'Nala Sinephro', { durationMs: 300_000 }),
      listen(25, 'LesAlpx', 'Floating Points', { durationMs: 400_000 }),
      // The last year.
      listen(100, 'Journey in Satchidananda', 'Alice Coltrane', { durationMs: 600_000 }),
      listen(101, 'Shiva-Loka', 'Alice Coltrane', { durationMs: 600_000 }),
      listen(102, 'Something About John Coltrane', 'Alice Coltrane', { durationMs: 600_000 }),
      // Over a year ago.
      listen(400, 'Silhouette', 'Floating Points', { durationMs: 400_000 }),
    ],
    { origin: 'api', client: null },
  );
  await matchTo(person.user.id, endlessness, ['Endlessness I', 'Endlessness II', 'Endlessness III', 'endlessness iv']);
  await matchTo(person.user.id, spaceOne, ['Space 1.8', 'Space 1', 'Space 2']);
}

const stats = (username: string, period: string, person: TestUser | null) =>
  call('GET', `/api/users/${username}/listening-stats?period=${period}`, person);

beforeAll(async () => {
  t = await createTestApp({ clock });
  const people: TestUser[] = [];
  for (let count = 0; count < 7; count++) people.push(await createUser(t));
  [ana, ben, cy, eve, pat, fay, sam] = people as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  endlessness = await buildAlbum(t.db, {
    title: 'Endlessness',
    artist: 'Nala Sinephro',
    tracks: [
      { position: 1, title: 'Endlessness I', durationMs: 195_000 },
      { position: 4, title: 'Endlessness IV', durationMs: 250_000 },
    ],
  });
  spaceOne = await buildAlbum(t.db, { title: 'Space 1.8', artist: 'Nala Sinephro', tracks: [{ position: 1, title: 'Space 1' }] });
  for (const person of [ana, pat, fay, sam]) await giveListening(person);
  // Ben follows Ana and Fay; Ana blocks Eve; Pat's profile is private, Fay's for followers; Sam keeps listening private.
  await act('PUT', `/api/users/${ana.user.username}/follow`, ben);
  await act('PUT', `/api/users/${fay.user.username}/follow`, ben);
  await act('PUT', `/api/users/${eve.user.username}/block`, ana);
  await act('PUT', '/api/me/visibility', pat, { visibility: 'private' });
  await act('PUT', '/api/me/visibility', fay, { visibility: 'followers' });
  await act('PATCH', '/api/me/settings', sam, { sharing: { listening: false } });
}, 60_000);
afterAll(() => t.close());

describe('listening stats', () => {
  it('count the last week: listens, time from the player, the catalog or the guess, top albums and artists', async () => {
    const response = await stats(ana.user.username, 'week', ben);
    expect(response.statusCode, response.body).toBe(200);
    const week = response.json();
    expect(week).toMatchObject({ period: 'week', listens: 5, guessedListens: 1 });
    // Three from the player, Endlessness IV from the catalog, Space 1.8 guessed at three and a half minutes.
    expect(week.listeningMs).toBe(3 * 200_000 + 250_000 + 210_000);
    expect(new Date(week.to).getTime() - new Date(week.from).getTime()).toBe(7 * DAY * 1000);
    expect(week.topAlbums.map((row: { album: { title: string }; listens: number }) => [row.album.title, row.listens])).toEqual([
      ['Endlessness', 4],
      ['Space 1.8', 1],
    ]);
    expect(week.topAlbums[0].album).toMatchObject({ id: endlessness, artistCredit: 'Nala Sinephro' });
    expect(week.topArtists).toEqual([{ name: 'Nala Sinephro', listens: 5 }]);
  });

  it('count the last month and the last year, and nothing older', async () => {
    const month = (await stats(ana.user.username, 'month', ana)).json();
    expect(month).toMatchObject({ listens: 8, guessedListens: 1 });
    expect(month.listeningMs).toBe(3 * 200_000 + 250_000 + 210_000 + 2 * 300_000 + 400_000);
    expect(month.topAlbums.map((row: { listens: number }) => row.listens)).toEqual([4, 3]);
    expect(month.topArtists).toEqual([
      { name: 'Nala Sinephro', listens: 7 },
      { name: 'Floating Points', listens: 1 },
    ]);
    const year = (await stats(ana.user.username, 'year', null)).json();
    expect(year.listens).toBe(11);
    expect(year.topArtists.map((row: { name: string }) => row.name)).toEqual(['Nala Sinephro', 'Alice Coltrane', 'Floating Points']);
  });

  it('list an album still pending only to the member who added it', async () => {
    const { album: added } = await act('POST', '/api/albums', ana, {
      title: 'Nightly Sketches',
      artist: 'Nala Sinephro',
      releaseType: 'album',
    });
    const listens = createListensService({ db: t.db, clock });
    await listens.record(ana.user.id, [listen(0.5, 'Sketch 1', 'Nala Sinephro'), listen(0.6, 'Sketch 2', 'Nala Sinephro')], {
      origin: 'api',
      client: null,
    });
    await matchTo(ana.user.id, added.id, ['Sketch 1', 'Sketch 2']);
    const titles = async (viewer: TestUser | null) =>
      (await stats(ana.user.username, 'week', viewer)).json().topAlbums.map((row: { album: { title: string } }) => row.album.title);
    try {
      expect(await titles(ana)).toEqual(['Endlessness', 'Nightly Sketches', 'Space 1.8']);
      expect(await titles(ben)).toEqual(['Endlessness', 'Space 1.8']);
      expect(await titles(null)).toEqual(['Endlessness', 'Space 1.8']);
    } finally {
      // The other tests count Ana's listens as given at the start.
      await t.db.deleteFrom('listen').where('user_id', '=', ana.user.id).where('track_name', 'in', ['Sketch 1', 'Sketch 2']).execute();
    }
  });

  it('refuse a period that is not a week, month or year', async () => {
    const response = await stats(ana.user.username, 'decade', ana);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0]).toMatchObject({ path: 'query.period', code: 'listening_period' });
  });
});

describe('who sees listening stats', () => {
  const status = async (owner: TestUser, viewer: TestUser | null) => (await stats(owner.user.username, 'week', viewer)).statusCode;
  const code = async (owner: TestUser, viewer: TestUser | null) => (await stats(owner.user.username, 'week', viewer)).json().error?.code;

  it('a public profile that shares listening: visitors, followers and strangers; blocked people find no one', async () => {
    expect([await status(ana, null), await status(ana, ben), await status(ana, cy), await status(ana, ana)]).toEqual([200, 200, 200, 200]);
    expect(await status(ana, eve)).toBe(404);
    expect(await code(ana, eve)).toBe('profile_not_found');
  });

  it('a private profile: only its owner; a profile for followers: its followers and its owner', async () => {
    expect([await status(pat, null), await status(pat, cy), await status(pat, ben), await status(pat, pat)]).toEqual([401, 403, 403, 200]);
    expect(await code(pat, cy)).toBe('profile_private');
    expect([await status(fay, null), await status(fay, cy), await status(fay, ben), await status(fay, fay)]).toEqual([401, 403, 200, 200]);
  });

  it('listening not shared: only the member themselves', async () => {
    expect([await status(sam, null), await status(sam, cy)]).toEqual([403, 403]);
    expect(await code(sam, cy)).toBe('listening_not_shared');
    const own = (await stats(sam.user.username, 'week', sam)).json();
    expect(own.listens).toBe(5);
  });
});

describe('the year in review', () => {
  const thisYear = new Date(NOW).getUTCFullYear();
  const inThisYear = 11;

  it('adds listening time and the most-played albums and artists of the year, by the same rule as its listens', async () => {
    const own = (await call('GET', `/api/users/${ana.user.username}/year/${thisYear}`, ana)).json();
    expect(own.listening.listens).toBe(inThisYear);
    expect(own.listening.topAlbums[0]).toMatchObject({ album: { id: endlessness }, listens: 4 });
    expect(own.listening.topArtists[0]).toEqual({ name: 'Nala Sinephro', listens: 7 });

    const visitor = (await call('GET', `/api/users/${ana.user.username}/year/${thisYear}`, null)).json();
    expect(visitor.listening.listens).toBe(inThisYear);

    // Sam shares ratings but not listening: others see the year without it, Sam sees it.
    const stranger = (await call('GET', `/api/users/${sam.user.username}/year/${thisYear}`, cy)).json();
    expect(stranger.listening).toBeNull();
    expect(stranger.listens).toBeNull();
    const self = (await call('GET', `/api/users/${sam.user.username}/year/${thisYear}`, sam)).json();
    expect(self.listening.listens).toBe(inThisYear);
  });
});
