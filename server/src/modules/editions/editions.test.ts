import { readFileSync } from 'node:fs';
import type { AlbumEditions } from '@hearsay/contracts/editions';
import type { MyAlbumOwnership, OwnedAlbumPage } from '@hearsay/contracts/library';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../../test/musicbrainz.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { parseRelease, parseReleaseBrowse } from '../../platform/musicbrainz/parse.ts';
import { editionRows, formatOf } from './editions.presenter.ts';

/** The stand-in's world (test/fixtures/musicbrainz/SOURCES.md): The Dark Side of the Moon has 25 recorded releases and a constructed one. */
const DARK_SIDE = 'f5093c06-23e3-404f-aeaa-40f72885ee3a';
const MEDDLE_RELEASE = 'da70292e-4b3a-5559-9595-e9c430f34cc0';
const FIRST_PRESSING = 'b84ee12a-09ef-421b-82de-0441a926375b';
const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/musicbrainz/samples/${name}`, import.meta.url), 'utf8')) as unknown;

let mb: FakeMusicBrainz;
const apps: TestApp[] = [];

async function serverWith(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({
    env: {
      MUSICBRAINZ: 'on',
      MUSICBRAINZ_URL: mb.url,
      MUSICBRAINZ_MIN_INTERVAL_MS: '20',
      COVER_ART: 'off',
      CATALOG_ENRICH: 'false',
      ...env,
    },
  });
  apps.push(t);
  return t;
}

async function editions(t: TestApp, album: string): Promise<AlbumEditions> {
  const response = await t.inject({ method: 'GET', url: `/api/albums/${album}/editions` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AlbumEditions;
}

/** Asks until the job has fetched them, as the album page does while they are on their way. */
async function fetchedEditions(t: TestApp, album: string): Promise<AlbumEditions> {
  const until = Date.now() + 60_000;
  for (;;) {
    const answer = await editions(t, album);
    if (answer.state !== 'fetching') return answer;
    if (Date.now() > until) throw new Error('the editions never came');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const releaseRequests = () => mb.requests.filter((request) => request.path.startsWith('/ws/2/release?'));

beforeAll(async () => {
  mb = await startFakeMusicBrainz();
});
afterEach(() => mb.reset());
afterAll(async () => {
  for (const t of apps.reverse()) await t.close().catch(() => {});
  await mb.close();
});

describe('the formats and labels of recorded releases', () => {
  it('counts media of one format and joins different ones, from a recorded two-disc release', () => {
    const multidisc = parseRelease(sample('release-lookup.multidisc.inc-recordings+release-groups.json'))!;
    expect(formatOf(multidisc.formats)).toBe('CD + DVD-Video');
    expect(multidisc.trackCount).toBe(7);
    expect(formatOf(['12" Vinyl', '12" Vinyl'])).toBe('2×12" Vinyl');
    expect(formatOf([null, null])).toBeNull();
  });

  it('keeps every label and catalogue number of a recorded browse of a release group', () => {
    const rows = editionRows(parseReleaseBrowse(sample('release-browse.by-release-group.inc-labels+media.json')));
    expect(rows.map((row) => [row.release_mbid, row.country, row.date, row.format, row.track_count, JSON.parse(row.labels)])).toEqual([
      ['123', 'GB', '2009-08-07', 'CD', 5, [{ name: 'label A', catalogueNumber: 'cat 123' }]],
      ['456', 'GB', '2009-08-07', 'CD', 5, [{ name: 'label A', catalogueNumber: 'cat 123' }]],
      ['789', 'GB', '2009-08-07', 'CD', 5, [{ name: 'label A', catalogueNumber: 'cat 123' }]],
    ]);
  });
});

describe("an album's editions", () => {
  let t: TestApp;
  let darkSide: string;
  beforeAll(async () => {
    t = await serverWith();
    darkSide = await buildAlbum(t.db, {
      title: 'The Dark Side of the Moon',
      artist: 'Pink Floyd',
      releaseDate: '1973-03-01',
      mbid: DARK_SIDE,
    });
  });

  it('are fetched by a job the first time they are asked for, then listed from what was kept', async () => {
    const first = await editions(t, darkSide);
    expect(first).toMatchObject({ state: 'fetching', editions: [], releaseGroupMbid: DARK_SIDE });
    const ready = await fetchedEditions(t, darkSide);
    expect(ready.state).toBe('ready');
    expect(ready.editions).toHaveLength(26);
    // Earliest first; a bare year after the full dates of that year, by country.
    expect(ready.editions.slice(0, 5).map((edition) => [edition.country, edition.date, edition.format, edition.trackCount])).toEqual([
      ['US', '1973-03-01', '12" Vinyl', 10],
      ['GB', '1973-03-24', '12" Vinyl', 10],
      ['GB', '1973-12', '12" Vinyl', 10],
      ['GB', '1973', 'Cassette', 10],
      ['JP', '1973', '12" Vinyl', 10],
    ]);
    expect(ready.editions.find((edition) => edition.mbid === FIRST_PRESSING)).toEqual({
      mbid: FIRST_PRESSING,
      title: 'The Dark Side of the Moon',
      status: 'Official',
      country: 'GB',
      date: '1973-03-24',
      format: '12" Vinyl',
      trackCount: 10,
      labels: [{ name: 'Harvest', catalogueNumber: 'SHVL 804' }],
    });
    expect(ready.editions[0]).toMatchObject({ status: 'Promotion', labels: [{ name: 'Harvest', catalogueNumber: 'SMAS-11163' }] });
    const formats = new Map<string, number>();
    for (const edition of ready.editions) formats.set(edition.format ?? '', (formats.get(edition.format ?? '') ?? 0) + 1);
    // The recorded answer's 25 releases (10 on vinyl, 14 on CD, 1 cassette) and the constructed promotion on vinyl.
    expect(Object.fromEntries(formats)).toEqual({ '12" Vinyl': 11, CD: 14, Cassette: 1 });

    const asked = releaseRequests().length;
    expect(asked).toBe(1);
    expect(await editions(t, darkSide)).toEqual(ready);
    expect(releaseRequests()).toHaveLength(asked);
    // The job thread runs at the lowest priority: on a busy machine it waits for a free core.
  }, 90_000);

  it('say so when the album is not linked to MusicBrainz, and answer 404 for an album that does not exist', async () => {
    const unlinked = await buildAlbum(t.db, { title: 'Homemade Tape', artist: 'Nobody Known' });
    expect(await editions(t, unlinked)).toMatchObject({ state: 'not_on_musicbrainz', editions: [] });
    expect((await t.inject({ method: 'GET', url: '/api/albums/no-such-album/editions' })).statusCode).toBe(404);
  });
});

describe('a site not connected to MusicBrainz', () => {
  it('says that it cannot list editions, rather than showing none', async () => {
    const t = await serverWith({ MUSICBRAINZ: 'off' });
    const album = await buildAlbum(t.db, { title: 'The Dark Side of the Moon', artist: 'Pink Floyd', mbid: DARK_SIDE });
    expect(await editions(t, album)).toMatchObject({ state: 'unavailable', reason: 'off', editions: [] });
    expect(mb.requests).toHaveLength(0);
  });
});

describe('the edition a member owns', () => {
  let t: TestApp;
  let member: TestUser;
  let darkSide: string;
  let meddle: string;
  const act = (method: 'GET' | 'PUT' | 'DELETE', album: string, body?: object, person: TestUser = member) =>
    t.inject({ method, url: `/api/albums/${album}/ownership`, headers: { cookie: person.cookie }, ...(body ? { payload: body } : {}) });

  beforeAll(async () => {
    t = await serverWith();
    member = await createUser(t);
    darkSide = await buildAlbum(t.db, {
      title: 'The Dark Side of the Moon',
      artist: 'Pink Floyd',
      releaseDate: '1973-03-01',
      mbid: DARK_SIDE,
    });
    meddle = await buildAlbum(t.db, {
      title: 'Meddle',
      artist: 'Pink Floyd',
      releaseDate: '1971',
      mbid: '4e98c9b4-92f6-3049-b9da-a1088b623672',
    });
    await fetchedEditions(t, darkSide);
    await fetchedEditions(t, meddle);
  }, 120_000);

  it('is kept with the medium, shown with the edition, and listed in the library; ratings stay on the album', async () => {
    expect((await act('GET', darkSide)).json()).toEqual({ ownership: null });
    const saved = await act('PUT', darkSide, { status: 'owned', mediaType: 'Vinyl', releaseMbid: FIRST_PRESSING });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as MyAlbumOwnership).ownership).toMatchObject({
      status: 'owned',
      mediaType: 'Vinyl',
      edition: { mbid: FIRST_PRESSING, country: 'GB', date: '1973-03-24', labels: [{ name: 'Harvest', catalogueNumber: 'SHVL 804' }] },
    });
    expect((await act('GET', darkSide)).json()).toEqual(saved.json());
    await t.inject({ method: 'PUT', url: `/api/albums/${darkSide}/rating`, headers: { cookie: member.cookie }, payload: { rating: 9 } });
    const album = (await t.inject({ method: 'GET', url: `/api/albums/${darkSide}` })).json();
    expect(album).toMatchObject({ ratingCount: 1 });

    await act('PUT', meddle, { status: 'wishlist', mediaType: 'CD' });
    const owned = (await t.inject({ method: 'GET', url: '/api/me/owned', headers: { cookie: member.cookie } })).json() as OwnedAlbumPage;
    expect(owned.items.map((item) => [item.album.title, item.ownership.mediaType, item.ownership.edition?.mbid ?? null])).toEqual([
      ['The Dark Side of the Moon', 'Vinyl', FIRST_PRESSING],
    ]);
    const wanted = (await t.inject({ method: 'GET', url: '/api/me/owned?status=wishlist', headers: { cookie: member.cookie } })).json();
    expect((wanted as OwnedAlbumPage).items.map((item) => item.album.title)).toEqual(['Meddle']);

    // Saying the medium again without naming the edition keeps the edition; null clears it; DELETE: not owned.
    await act('PUT', darkSide, { status: 'used_to_own', mediaType: 'CD' });
    expect((await act('GET', darkSide)).json().ownership).toMatchObject({
      status: 'used_to_own',
      mediaType: 'CD',
      edition: { mbid: FIRST_PRESSING },
    });
    await act('PUT', darkSide, { status: 'owned', releaseMbid: null });
    expect((await act('GET', darkSide)).json().ownership).toMatchObject({ status: 'owned', mediaType: null, edition: null });
    expect((await act('DELETE', darkSide)).json()).toEqual({ ownership: null });
    expect((await act('GET', darkSide)).json()).toEqual({ ownership: null });
  });

  it('refuses an edition of another album, an id that is none, and a medium too long, in words', async () => {
    const other = await act('PUT', darkSide, { status: 'owned', releaseMbid: MEDDLE_RELEASE });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({ code: 'edition_not_of_album', message: 'That release is not an edition of this album.' });
    expect((await act('PUT', darkSide, { status: 'owned', releaseMbid: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(422);
    const notAnId = await act('PUT', darkSide, { status: 'owned', releaseMbid: 'first pressing' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.issues[0]).toMatchObject({ path: 'body.releaseMbid', code: 'not_a_musicbrainz_id' });
    const long = await act('PUT', darkSide, { status: 'owned', mediaType: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.issues[0]).toMatchObject({ path: 'body.mediaType', code: 'media_type_too_long' });
    expect((await act('PUT', darkSide, { status: 'lent_out' })).statusCode).toBe(400);
    expect((await act('GET', darkSide)).json()).toEqual({ ownership: null });
  });

  it('is each member’s own', async () => {
    const other = await createUser(t);
    await act('PUT', darkSide, { status: 'owned', mediaType: 'CD' }, other);
    expect((await act('GET', darkSide)).json()).toEqual({ ownership: null });
    expect((await act('GET', darkSide, undefined, other)).json().ownership).toMatchObject({ status: 'owned', mediaType: 'CD' });
  });
});
