import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, seedRatings } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { PACE_PER_HOUR } from '../../platform/http/pace.ts';
import { importExport } from '../../../test/imports.ts';

let t: TestApp;
const OPERATOR = 'pending-operator@example.com';

beforeAll(async () => {
  // One rating is enough for a chart and for the landing page's best rated, so an imported rating would show there.
  // Every member has standing here (member-confirmation.test.ts tests standing itself).
  t = await createTestApp({
    env: { CHART_MIN_RATINGS: '1', ADMIN_EMAILS: OPERATOR, CATALOG_STANDING_DAYS: '0', CATALOG_STANDING_RATINGS: '0' },
  });
  for (let index = 0; index < 6; index++) {
    const id = await buildAlbum(t.db, { title: `Confirmed Record ${index}`, artist: 'Catalog Regular', releaseDate: '1999' });
    await seedRatings(t.db, id, [7]);
  }
});
afterAll(() => t.close());

const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review';

async function importRows(
  person: TestUser,
  rows: { id: string; artist: string; title: string; year: number; rating: number }[],
  remoteAddress?: string,
) {
  const csv = [
    HEADER,
    ...rows.map((row) => `"${row.id}","","${row.artist}","","","${row.title}","${row.year}","${row.rating}","","","",""`),
  ];
  return importExport(t, person, csv.join('\n'), undefined, remoteAddress);
}

async function get(url: string, person?: TestUser) {
  const response = await t.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

async function importedAlbumId(person: TestUser, title: string): Promise<string> {
  const mine = await get('/api/me/ratings?limit=50', person);
  const entry = mine.items.find((item: { album: { title: string } }) => item.album.title === title);
  expect(entry, `${title} in the importer's ratings`).toBeDefined();
  return entry.album.id;
}

/** Where a stranger (or a visitor) could come across an album: every public list and count. */
async function publicPlaces(albumId: string, searchFor: string, viewer?: TestUser) {
  const [search, explore, discover, newest, chart, landing] = await Promise.all([
    get(`/api/search?q=${encodeURIComponent(searchFor)}`, viewer),
    get('/api/albums?sort=recent&limit=100', viewer),
    get('/api/discover?limit=100', viewer),
    get('/api/discover?tab=recent&limit=100', viewer),
    get('/api/charts?period=week&limit=100', viewer),
    get('/api/site/landing', viewer),
  ]);
  const has = (body: unknown) => JSON.stringify(body).includes(albumId);
  return {
    search: has(search.albums),
    explore: has(explore.items),
    discover: has(discover.items) || has(newest.items),
    chart: has(chart.items),
    featured: has(landing.featuredAlbums),
    albumCount: landing.stats.albums as number,
  };
}

const nowhere = { search: false, explore: false, discover: false, chart: false, featured: false };

describe('albums an import adds to the catalog', () => {
  it('wait for confirmation: out of search, Explore, Discover, charts, artists and the landing page, yet the importer has them and their link works', async () => {
    const importer = await createUser(t);
    const stranger = await createUser(t);
    const before = (await get('/api/site/landing')).stats.albums;

    const job = await importRows(importer, [
      { id: '1', artist: 'Obscure Pending Ensemble', title: 'Quietly Waiting Songs', year: 2020, rating: 10 },
    ]);
    expect(job.summary).toMatchObject({ created: 1, ratingsImported: 1, skipped: 0 });
    const albumId = await importedAlbumId(importer, 'Quietly Waiting Songs');

    expect(await publicPlaces(albumId, 'quietly waiting', stranger)).toEqual({ ...nowhere, albumCount: before });
    expect(await publicPlaces(albumId, 'quietly waiting songs')).toEqual({ ...nowhere, albumCount: before });
    // Nor do others see the new artist in lists or search.
    const artists = await get('/api/artists?limit=100', stranger);
    expect(artists.items.map((artist: { name: string }) => artist.name)).not.toContain('Obscure Pending Ensemble');
    expect((await get('/api/search?q=obscure%20pending&type=artists', stranger)).artists).toEqual([]);

    // The direct link works for anyone who has it.
    expect((await get(`/api/albums/${albumId}`, stranger)).title).toBe('Quietly Waiting Songs');
    expect((await get(`/api/albums/${albumId}`)).title).toBe('Quietly Waiting Songs');
    // The importer's library and profile show it, to them and to others.
    const profile = await get(`/api/users/${importer.user.username}/ratings`, stranger);
    expect(profile.items.map((item: { album: { id: string } }) => item.album.id)).toContain(albumId);
    // The artist's discography shows it to the importer only.
    const artistId = (await get(`/api/albums/${albumId}`, importer)).artists[0].id;
    const discography = (viewer?: TestUser) =>
      get(`/api/artists/${artistId}`, viewer).then((artist) => JSON.stringify(artist.discography).includes(albumId));
    expect(await discography(importer)).toBe(true);
    expect(await discography(stranger)).toBe(false);
  });

  it("are confirmed when a second, independent person's import finds the same album, and become public", async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const stranger = await createUser(t);
    const row = { id: '7', artist: 'Twice Found Trio', title: 'Heard by Two', year: 2018, rating: 8 };
    await importRows(first, [row]);
    const albumId = await importedAlbumId(first, 'Heard by Two');
    const countBefore = (await get('/api/site/landing')).stats.albums;
    // Its genre does not count it either, until it is confirmed.
    const rock = await t.db.selectFrom('genre').select('id').where('slug', '=', 'rock').executeTakeFirstOrThrow();
    await t.db.insertInto('album_genre').values({ album_id: albumId, genre_id: rock.id, position: 0 }).execute();
    const rockAlbums = async () =>
      (await get('/api/genres?kind=genre', stranger)).items.find((genre: { slug: string }) => genre.slug === 'rock').albumCount as number;
    const rockBefore = await rockAlbums();
    expect(rockBefore).toBe(
      await t.db
        .selectFrom('album_genre')
        .where('genre_id', '=', rock.id)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n) - 1),
    );

    // Importing it again yourself confirms nothing.
    await importRows(first, [{ ...row, id: '8' }]);
    expect(await t.db.selectFrom('album').select('status').where('id', '=', albumId).executeTakeFirstOrThrow()).toEqual({
      status: 'pending',
    });

    // From another address range: two accounts of one address the same day are taken for one person's.
    const job = await importRows(second, [{ ...row, id: '31', rating: 9 }], '198.51.100.31');
    expect(job.summary).toMatchObject({ matched: 1, created: 0 });
    expect(await importedAlbumId(second, 'Heard by Two')).toBe(albumId);
    const stored = await t.db
      .selectFrom('album')
      .select(['status', 'confirmed_by', 'created_by'])
      .where('id', '=', albumId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'confirmed', confirmed_by: 'member', created_by: first.user.id });

    expect(await publicPlaces(albumId, 'heard by two', stranger)).toEqual({
      search: true,
      explore: true,
      discover: true,
      chart: true,
      featured: true,
      albumCount: countBefore + 1,
    });
    expect(await rockAlbums()).toBe(rockBefore + 1);
    expect(
      (await get('/api/search?q=twice%20found&type=artists', stranger)).artists.map((artist: { name: string }) => artist.name),
    ).toEqual(['Twice Found Trio']);
  });

  it('are confirmed by an operator with npm run catalog:confirm, by id or everything one person imported', async () => {
    const importer = await createUser(t);
    const stranger = await createUser(t);
    await importRows(importer, [
      { id: '1', artist: 'Operator Approved Band', title: 'First Approved Record', year: 2011, rating: 6 },
      { id: '2', artist: 'Operator Approved Band', title: 'Second Approved Record', year: 2012, rating: 7 },
      { id: '3', artist: 'Operator Approved Band', title: 'Third Approved Record', year: 2013, rating: 8 },
    ]);
    const [first, second, third] = await Promise.all(
      ['First', 'Second', 'Third'].map((word) => importedAlbumId(importer, `${word} Approved Record`)),
    );
    const confirmCli = (...args: string[]) =>
      promisify(execFile)(process.execPath, [new URL('../../cli/catalog-confirm.ts', import.meta.url).pathname, ...args], {
        env: { ...process.env, DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, AUTH_SECRET: t.config.authSecret },
      });
    const explore = async () =>
      (await get('/api/albums?sort=recent&limit=100', stranger)).items.map((album: { id: string }) => album.id) as string[];

    const listing = await confirmCli();
    expect(listing.stdout).toContain(`${importer.user.username}: 3`);
    expect((await confirmCli(first!)).stdout).toContain('confirmed 1 albums');
    expect(await explore()).toContain(first);
    expect(await explore()).not.toContain(second);

    expect((await confirmCli('--all-from', importer.user.username)).stdout).toContain('confirmed 2 albums');
    expect(await explore()).toEqual(expect.arrayContaining([first, second, third]));
    const confirmedBy = await t.db.selectFrom('album').select('confirmed_by').where('id', '=', third!).executeTakeFirstOrThrow();
    expect(confirmedBy).toEqual({ confirmed_by: 'operator' });
  });
});

describe('albums added by hand when MusicBrainz cannot be asked', () => {
  const addByHand = (person: TestUser | null, payload: object) =>
    t.inject({ method: 'POST', url: '/api/albums', payload, headers: person ? { cookie: person.cookie } : {} });

  it('wait for confirmation like an imported album, in the moderators’ queue, and can be rated at once', async () => {
    const member = await createUser(t);
    const stranger = await createUser(t);
    const operator = await createUser(t, { email: OPERATOR });
    const before = (await get('/api/site/landing')).stats.albums;

    expect((await addByHand(null, { title: 'Handmade Tape', artist: 'Basement Crew' })).statusCode).toBe(401);
    const response = await addByHand(member, { title: '  Handmade Tape ', artist: 'Basement Crew', year: 2019, releaseType: 'ep' });
    expect(response.statusCode, response.body).toBe(200);
    const { album, added } = response.json();
    expect(added).toBe(true);
    expect(album).toMatchObject({ title: 'Handmade Tape', artistCredit: 'Basement Crew', releaseYear: 2019, releaseType: 'ep' });
    const stored = await t.db.selectFrom('album').select(['status', 'created_by']).where('id', '=', album.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'pending', created_by: member.user.id });

    const rated = await t.inject({
      method: 'PUT',
      url: `/api/albums/${album.id}/rating`,
      payload: { rating: 8 },
      headers: { cookie: member.cookie },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(await publicPlaces(album.id, 'handmade tape', stranger)).toEqual({ ...nowhere, albumCount: before });
    const queue = await get('/api/moderation/pending-albums?limit=100', operator);
    expect(queue.items.map((item: { id: string }) => item.id)).toContain(album.id);

    // The same album again is the same album, not a second one.
    const again = await addByHand(stranger, { title: 'Handmade Tape', artist: 'Basement Crew', year: 2019, releaseType: 'ep' });
    expect(again.json()).toMatchObject({ added: false, album: { id: album.id } });
  });

  it('refuses what is not an album, and is paced', async () => {
    const member = await createUser(t);
    const refused = async (payload: object) => {
      const response = await addByHand(member, payload);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().error;
    };
    expect((await refused({ title: '   ', artist: 'Someone' })).message).toContain('title');
    await refused({ title: 'Something', artist: '' });
    await refused({ title: 'Something', artist: 'Someone', releaseType: 'mixtape' });
    await refused({ title: 'Something', artist: 'Someone', year: 1200 });
    expect(await refused({ title: 'Something', artist: 'Someone', year: new Date().getUTCFullYear() + 2 })).toMatchObject({
      code: 'release_year_in_future',
    });

    const pacer = await createUser(t);
    for (let index = 0; index < PACE_PER_HOUR['album-by-hand']; index++) {
      expect((await addByHand(pacer, { title: `Paced Tape ${index}`, artist: 'Pacing Band' })).statusCode).toBe(200);
    }
    expect((await addByHand(pacer, { title: 'One Too Many', artist: 'Pacing Band' })).statusCode).toBe(429);
  });
});
