import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AlbumDetail, ArtistDetail } from '@hearsay/contracts/catalog';
import type { AddedAlbum, EnrichmentStatus, MusicBrainzSearchResult } from '@hearsay/contracts/musicbrainz';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { importExport } from '../../../test/imports.ts';
import { startFakeMusicBrainz, type FakeMusicBrainz } from '../../../test/musicbrainz.ts';
import { rymExport } from '../../../test/rym-export.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

/** The fake MusicBrainz's world (test/fixtures/musicbrainz/SOURCES.md). */
const DARK_SIDE = 'f5093c06-23e3-404f-aeaa-40f72885ee3a';
const DARK_SIDE_DISCOGS_MASTER = 10362;

let mb: FakeMusicBrainz;
const apps: TestApp[] = [];

/** A server asking the fake MusicBrainz and Cover Art Archive, at a quick pace, enrichment off unless asked. */
async function serverWith(env: Record<string, string> = {}, sameDatabaseAs?: TestApp): Promise<TestApp> {
  const t = await createTestApp({
    env: {
      MUSICBRAINZ: 'on',
      MUSICBRAINZ_URL: mb.url,
      MUSICBRAINZ_MIN_INTERVAL_MS: '20',
      MUSICBRAINZ_CONTACT: 'ops@hearsay.test',
      COVER_ART: 'remote',
      COVER_ART_URL: mb.url,
      CATALOG_ENRICH: 'false',
      ...env,
    },
    sameDatabaseAs,
  });
  apps.push(t);
  return t;
}

async function get<T>(t: TestApp, url: string, person?: TestUser): Promise<T> {
  const response = await t.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const add = (t: TestApp, mbid: string, person: TestUser | null) =>
  t.inject({ method: 'POST', url: `/api/musicbrainz/release-groups/${mbid}`, headers: person ? { cookie: person.cookie } : {} });

async function waitFor<T>(what: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  mb = await startFakeMusicBrainz();
});
afterEach(() => mb.reset());
afterAll(async () => {
  for (const t of apps.reverse()) await t.close().catch(() => {});
  await mb.close();
});

describe('any album, one search away', () => {
  let t: TestApp;
  let person: TestUser;
  beforeAll(async () => {
    t = await serverWith();
    person = await createUser(t);
  });

  it('finds a release group on MusicBrainz, adds it with its tracklist, label and cover, and adds it only once', async () => {
    const found = await get<MusicBrainzSearchResult>(t, '/api/musicbrainz/release-groups?q=dark%20side%20of%20the%20moon', person);
    expect(found.available).toBe(true);
    const hit = found.results.find((result) => result.mbid === DARK_SIDE);
    expect(hit).toMatchObject({
      title: 'The Dark Side of the Moon',
      artistCredit: 'Pink Floyd',
      year: 1973,
      primaryType: 'Album',
      album: null,
    });
    expect(mb.requests.at(-1)?.userAgent).toMatch(/^Hearsay\/\d+\.\d+\.\d+ \( ops@hearsay\.test \)$/);

    const [first, second] = await Promise.all([add(t, DARK_SIDE, person), add(t, DARK_SIDE, person)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const answers = [first.json<AddedAlbum>(), second.json<AddedAlbum>()];
    expect(answers.map((answer) => answer.added).sort()).toEqual([false, true]);
    expect(answers[0]!.album.id).toBe(answers[1]!.album.id);
    const again = await add(t, DARK_SIDE, person);
    expect(again.json<AddedAlbum>()).toMatchObject({ added: false, album: { id: answers[0]!.album.id } });
    const copies = await t.db.selectFrom('album').select('id').where('mbid', '=', DARK_SIDE).execute();
    expect(copies).toHaveLength(1);

    const album = await get<AlbumDetail>(t, `/api/albums/${answers[0]!.album.slug}`, person);
    expect(album).toMatchObject({
      title: 'The Dark Side of the Moon',
      artistCredit: 'Pink Floyd',
      releaseYear: 1973,
      releaseType: 'album',
      mbid: DARK_SIDE,
      label: 'Harvest',
      catalogueNumber: 'SHVL 804',
    });
    expect(album.tracks.length).toBeGreaterThanOrEqual(9);
    expect(album.tracks.every((track) => track.durationMs !== null && track.durationMs > 0)).toBe(true);
    expect(album.totalDurationMs).toBe(album.tracks.reduce((sum, track) => sum + track.durationMs!, 0));
    expect(album.links.map((link) => link.service)).toContain('spotify');

    // The album is public at once, and search finds it.
    const searched = await get<{ albums: { items: { id: string }[] } }>(t, '/api/search?q=dark%20side', person);
    expect(JSON.stringify(searched)).toContain(album.id);
    // Its front cover comes from the Cover Art Archive's thumbnail, not a generated one.
    const cover = await t.inject({ method: 'GET', url: album.coverUrl });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    expect(mb.requests.some((request) => request.path.startsWith(`/release-group/${DARK_SIDE}/front-`))).toBe(true);
    expect(mb.requests.some((request) => request.path === `/release-group/${DARK_SIDE}/front`)).toBe(false);

    // Search marks what the catalog has now.
    const marked = await get<MusicBrainzSearchResult>(t, '/api/musicbrainz/release-groups?q=dark%20side%20of%20the%20moon', person);
    expect(marked.results.find((result) => result.mbid === DARK_SIDE)?.album).toEqual({ id: album.id, slug: album.slug });
  });

  it('lets visitors search but only members add; refuses ids that are not MusicBrainz ids or that it does not know', async () => {
    const found = await get<MusicBrainzSearchResult>(t, '/api/musicbrainz/release-groups?q=nevermind');
    expect(found.available).toBe(true);
    expect(found.results.map((result) => result.title)).toContain('Nevermind');
    expect((await add(t, found.results[0]!.mbid, null)).statusCode).toBe(401);
    const malformed = await add(t, 'not-an-id', person);
    expect(malformed.statusCode).toBe(400);
    const unknown = await add(t, '00000000-0000-4000-8000-000000000000', person);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('release_group_not_found');
    const blank = await t.inject('/api/musicbrainz/release-groups?q=%20');
    expect(blank.statusCode).toBe(400);
  });

  it('lets one member add 60 albums an hour, so a script cannot make the site hammer MusicBrainz', async () => {
    const busy = await createUser(t);
    for (let index = 0; index < 60; index++) expect((await add(t, DARK_SIDE, busy)).statusCode).toBe(200);
    const over = await add(t, DARK_SIDE, busy);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(/You are doing this too often/);
  });

  it('fills the artist page in the background: type, area, years, members, and every release group with the catalog’s own', async () => {
    const pinkFloyd = await t.db.selectFrom('artist').select(['slug', 'mbid']).where('name', '=', 'Pink Floyd').executeTakeFirstOrThrow();
    expect(pinkFloyd.mbid).not.toBeNull();
    await get<ArtistDetail>(t, `/api/artists/${pinkFloyd.slug}`);
    const artist = await waitFor(
      () => get<ArtistDetail>(t, `/api/artists/${pinkFloyd.slug}`),
      (page) => page.type !== null,
    );
    expect(artist).toMatchObject({ type: 'Group', beginYear: 1965 });
    expect(artist.area).toBeTruthy();
    expect(artist.members.length).toBeGreaterThanOrEqual(2);
    const rows = artist.discography.flatMap((group) => group.rows.map((row) => ({ ...row, group: group.releaseType })));
    expect(rows.find((row) => row.mbid === DARK_SIDE)?.album?.title).toBe('The Dark Side of the Moon');
    expect(rows.find((row) => row.title === 'Wish You Were Here')).toMatchObject({ album: null, year: 1975, group: 'album' });
    expect(rows.some((row) => row.group === 'live')).toBe(true);
    expect(rows.some((row) => row.group === 'compilation')).toBe(true);
    expect(rows.some((row) => row.group === 'single')).toBe(true);
  });

  it('puts the Listen on link of the service a member linked first', async () => {
    const album = await t.db.selectFrom('album').select(['slug', 'links']).where('mbid', '=', DARK_SIDE).executeTakeFirstOrThrow();
    const services = (JSON.parse(album.links) as { service: string }[]).map((link) => link.service);
    expect(services.length).toBeGreaterThan(1);
    const listener = await createUser(t);
    const now = new Date().toISOString();
    await t.db
      .insertInto('account')
      .values({
        id: `spotify-${listener.user.id}`,
        user_id: listener.user.id,
        account_id: 'spotify-listener',
        provider_id: 'spotify',
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        password: null,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const theirs = await get<AlbumDetail>(t, `/api/albums/${album.slug}`, listener);
    expect(theirs.links[0]?.service).toBe('spotify');
    const visitors = await get<AlbumDetail>(t, `/api/albums/${album.slug}`);
    expect(visitors.links.map((link) => link.service)).toEqual(services);
  });
});

describe('without MusicBrainz', () => {
  it('answers at once that it is switched off, and nothing else changes', async () => {
    const t = await serverWith({ MUSICBRAINZ: 'off' });
    const person = await createUser(t);
    const before = mb.requests.length;
    const found = await get<MusicBrainzSearchResult>(t, '/api/musicbrainz/release-groups?q=nevermind', person);
    expect(found).toEqual({ available: false, reason: 'off', results: [] });
    const adding = await add(t, DARK_SIDE, person);
    expect(adding.statusCode).toBe(503);
    expect(adding.json().error.message).toBe('MusicBrainz is switched off on this site.');
    expect(mb.requests.length).toBe(before);
    expect((await get<EnrichmentStatus>(t, '/api/catalog/enrichment')).state).toBe('off');
  });

  it('says MusicBrainz cannot be reached when it cannot, without hanging', async () => {
    const t = await serverWith({ MUSICBRAINZ_URL: 'http://127.0.0.1:9' });
    const person = await createUser(t);
    const started = Date.now();
    const found = await get<MusicBrainzSearchResult>(t, '/api/musicbrainz/release-groups?q=nevermind', person);
    expect(found).toEqual({ available: false, reason: 'unreachable', results: [] });
    const adding = await add(t, DARK_SIDE, person);
    expect(adding.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('enrichment of the catalog', () => {
  it('resolves albums by Discogs master and by artist and title, leaves the ambiguous alone, resumes, and a second run asks nothing', async () => {
    const seed = await serverWith();
    const darkSide = await buildAlbum(seed.db, {
      title: 'The Dark Side Of The Moon',
      artist: 'Pink Floyd',
      releaseDate: '1973',
      discogsMasterId: DARK_SIDE_DISCOGS_MASTER,
    });
    const nevermind = await buildAlbum(seed.db, { title: 'Nevermind', artist: 'Nirvana', releaseDate: '1991' });
    const peterGabriel = await buildAlbum(seed.db, { title: 'Peter Gabriel', artist: 'Peter Gabriel', releaseDate: '1978' });
    const unknown = await buildAlbum(seed.db, { title: 'Songs Nobody Recorded', artist: 'The Imaginary Band', releaseDate: '1999' });
    const before = await get<EnrichmentStatus>(seed, '/api/catalog/enrichment');
    expect(before).toMatchObject({ state: 'waiting', albums: 4, withMusicBrainz: 0, remaining: 4 });

    // A server that enriches by itself, stopped after its first album; the next one goes on from there.
    const first = await serverWith({ CATALOG_ENRICH: 'true', MUSICBRAINZ_MIN_INTERVAL_MS: '150' }, seed);
    await waitFor(
      () => get<EnrichmentStatus>(first, '/api/catalog/enrichment'),
      (status) => status.remaining < 4,
    );
    await first.app.close();
    const second = await serverWith({ CATALOG_ENRICH: 'true' }, seed);
    const done = await waitFor(
      () => get<EnrichmentStatus>(second, '/api/catalog/enrichment'),
      (status) => status.state === 'done',
      30_000,
    );
    expect(done).toEqual({ state: 'done', albums: 4, withMusicBrainz: 2, ambiguous: 1, notFound: 1, remaining: 0 });
    // Each album was looked up once, across the restart.
    const discogsLookups = mb.requests.filter(
      (request) =>
        request.path.includes(`master%2F${DARK_SIDE_DISCOGS_MASTER}`) || request.path.includes(`master/${DARK_SIDE_DISCOGS_MASTER}`),
    );
    expect(discogsLookups).toHaveLength(1);

    const dark = await get<AlbumDetail>(second, `/api/albums/${darkSide}`);
    expect(dark).toMatchObject({ mbid: DARK_SIDE, label: 'Harvest', catalogueNumber: 'SHVL 804', releaseDate: '1973-03-24' });
    expect(dark.tracks.length).toBeGreaterThanOrEqual(9);
    const nirvana = await get<AlbumDetail>(second, `/api/albums/${nevermind}`);
    expect(nirvana.mbid).not.toBeNull();
    expect(nirvana.tracks.length).toBeGreaterThan(0);
    const gabriel = await get<AlbumDetail>(second, `/api/albums/${peterGabriel}`);
    expect(gabriel.mbid).toBeNull();
    expect(gabriel.tracks).toEqual([]);
    const ambiguous = await seed.db
      .selectFrom('album_enrichment')
      .select(['album_id', 'candidates'])
      .where('outcome', '=', 'ambiguous')
      .execute();
    expect(ambiguous.map((row) => row.album_id)).toEqual([peterGabriel]);
    expect(JSON.parse(ambiguous[0]!.candidates)).toHaveLength(2);
    expect((await get<AlbumDetail>(second, `/api/albums/${unknown}`)).mbid).toBeNull();

    // A second run finds nothing to do and asks MusicBrainz nothing.
    const asked = mb.requests.length;
    const third = await serverWith({ CATALOG_ENRICH: 'true' }, seed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get<EnrichmentStatus>(third, '/api/catalog/enrichment')).state).toBe('done');
    expect(mb.requests.length).toBe(asked);
  });

  it('runs from the terminal with npm run catalog:enrich, lists the ambiguous albums, and a second run asks nothing', async () => {
    const seed = await serverWith();
    await buildAlbum(seed.db, { title: 'Nevermind', artist: 'Nirvana', releaseDate: '1991' });
    await buildAlbum(seed.db, { title: 'Peter Gabriel', artist: 'Peter Gabriel', releaseDate: '1977' });
    const enrich = (...args: string[]) =>
      promisify(execFile)(process.execPath, [new URL('../../cli/catalog-enrich.ts', import.meta.url).pathname, ...args], {
        env: {
          ...process.env,
          DATABASE_URL: seed.config.databaseUrl,
          DATA_DIR: seed.config.dataDir,
          AUTH_SECRET: seed.config.authSecret,
          MUSICBRAINZ: 'on',
          MUSICBRAINZ_URL: mb.url,
          MUSICBRAINZ_MIN_INTERVAL_MS: '20',
        },
      });
    const first = await enrich();
    expect(first.stdout).toContain('Done: 1 of 2 albums have MusicBrainz data; 1 ambiguous');
    const asked = mb.requests.length;
    expect(asked).toBeGreaterThan(0);
    const second = await enrich();
    expect(second.stdout).toContain('all 2 albums have been looked up on MusicBrainz; nothing to do');
    expect(mb.requests.length).toBe(asked);
    const listed = await enrich('--list-ambiguous');
    expect(listed.stdout).toContain('Peter Gabriel – Peter Gabriel (1977)');
    expect(listed.stdout.match(/https:\/\/musicbrainz\.org\/release-group\//g)).toHaveLength(2);
    expect(listed.stdout).toContain('1 album left for a person to check.');
  });

  it('waits out a 503 with Retry-After instead of giving up or asking again at once', async () => {
    const seed = await serverWith();
    await buildAlbum(seed.db, { title: 'Nevermind', artist: 'Nirvana', releaseDate: '1991' });
    mb.fail(1, { status: 503, retryAfter: 1 });
    const t = await serverWith({ CATALOG_ENRICH: 'true' }, seed);
    const done = await waitFor(
      () => get<EnrichmentStatus>(t, '/api/catalog/enrichment'),
      (status) => status.state === 'done',
      20_000,
    );
    expect(done.withMusicBrainz).toBe(1);
    const [refused, retried] = mb.requests.filter((request) => request.path.startsWith('/ws/2/'));
    expect(refused!.status).toBe(503);
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(1000);
  });

  it('resolves a RateYourMusic import through MusicBrainz: "Bowie" and "David Bowie" become one artist, and the albums are confirmed', async () => {
    const t = await serverWith({ CATALOG_ENRICH: 'true' });
    const person = await createUser(t);
    const csv = rymExport({
      rows: 2,
      albums: [
        { artist: 'Bowie', title: 'Low', year: 1977 },
        { artist: 'David Bowie', title: '"Heroes"', year: 1977 },
      ],
    });
    await importExport(t, person, csv);
    const albums = await waitFor(
      () =>
        t.db
          .selectFrom('album')
          .select(['id', 'title', 'status', 'confirmed_by', 'mbid', 'artist_credit'])
          .where('title', 'in', ['Low', '"Heroes"'])
          .execute(),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'confirmed'),
      20_000,
    );
    expect(albums.every((album) => album.confirmed_by === 'musicbrainz' && album.mbid !== null)).toBe(true);
    expect(albums.map((album) => album.artist_credit)).toEqual(['David Bowie', 'David Bowie']);
    const artists = await t.db
      .selectFrom('album_artist')
      .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
      .select(['artist.id', 'artist.name', 'artist.mbid'])
      .where(
        'album_artist.album_id',
        'in',
        albums.map((album) => album.id),
      )
      .execute();
    expect(new Set(artists.map((artist) => artist.id)).size).toBe(1);
    expect(artists[0]).toMatchObject({ name: 'David Bowie' });
    const aliases = await t.db.selectFrom('artist_alias').select('name').where('artist_id', '=', artists[0]!.id).execute();
    expect(aliases.map((alias) => alias.name)).toContain('Bowie');
    // The ratings the import brought are on the albums, under the one artist.
    const rated = await t.db.selectFrom('rating').select('album_id').where('user_id', '=', person.user.id).execute();
    expect(rated.length).toBeGreaterThan(0);
  });
});
