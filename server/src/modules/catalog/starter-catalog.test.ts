import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, postgresIndexDefinition, sqlitePlan } from '../../../test/database.ts';
import { openDatabase, type DatabaseHandle } from '../../platform/db/index.ts';
import { slugify } from '../../platform/text.ts';
import { LANDING_GENRES } from '../site/site.service.ts';
import { addCatalogEntries, type CatalogEntry } from './catalog-writer.ts';
import { loadStarterCatalog } from './starter-catalog.ts';

/** Every genre name the product shows: landing chips, the Discover row, the search filter, onboarding. */
const SPEC_GENRES = [...LANDING_GENRES, 'Classic', '90s', 'New', 'Instrumental', 'Hip-Hop', 'Alternative', 'Post-Rock', 'Bebop', 'Fusion'];

let database: DatabaseHandle & { url: string };
let firstRun: Awaited<ReturnType<typeof loadStarterCatalog>>;

beforeAll(async () => {
  database = await freshDatabase();
  firstRun = await loadStarterCatalog(database.db, '2026-11-22T00:00:00.000Z');
});
afterAll(() => database.destroy());

async function tableCounts() {
  const counts: Record<string, number> = {};
  for (const table of ['album', 'artist', 'album_artist', 'genre', 'album_genre', 'track'] as const) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe('starter catalog', () => {
  it('loads every album of the shipped file', async () => {
    expect(firstRun).toMatchObject({ added: 3461, existing: 0 });
    expect((await tableCounts()).album).toBe(3461);
  });

  it('is idempotent: a second load adds and changes nothing', async () => {
    const before = await tableCounts();
    const beforeRow = await database.db
      .selectFrom('album')
      .selectAll()
      .where('slug', '=', 'pink-floyd-the-dark-side-of-the-moon')
      .executeTakeFirstOrThrow();
    const second = await loadStarterCatalog(database.db, '2026-12-01T00:00:00.000Z');
    expect(second.added).toBe(0);
    expect(second.existing).toBe(3461);
    expect(await tableCounts()).toEqual(before);
    const afterRow = await database.db.selectFrom('album').selectAll().where('id', '=', beforeRow.id).executeTakeFirstOrThrow();
    expect(afterRow).toEqual(beforeRow);
  });

  it('has a genre for every genre name the product uses', async () => {
    const slugs = new Set((await database.db.selectFrom('genre').select('slug').execute()).map((row) => row.slug));
    for (const name of SPEC_GENRES) expect(slugs, name).toContain(slugify(name));
  });

  it('fixes Discogs title casing but keeps MusicBrainz spelling', async () => {
    const titles = (await database.db.selectFrom('album').select('title').execute()).map((row) => row.title);
    expect(titles).toContain('Songs in the Key of Life');
    expect(titles).not.toContain('Songs In The Key Of Life');
    expect(titles).toContain('The Piper at the Gates of Dawn');
  });

  it('credits separate artists separately and keeps comma names whole', async () => {
    const credits = await database.db
      .selectFrom('album')
      .innerJoin('album_artist', 'album_artist.album_id', 'album.id')
      .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
      .select(['album.title', 'album.artist_credit', 'artist.name', 'album_artist.position'])
      .where('album.title', 'in', ['The Velvet Underground & Nico', 'Déjà Vu'])
      .orderBy('album_artist.position')
      .execute();
    const velvet = credits.filter((row) => row.title === 'The Velvet Underground & Nico').map((row) => row.name);
    expect(velvet).toEqual(['The Velvet Underground', 'Nico']);
    const dejaVu = credits.filter((row) => row.title === 'Déjà Vu').map((row) => row.name);
    expect(dejaVu).toEqual(['Crosby, Stills, Nash & Young']);
  });

  it('calls compilations of many artists "Various Artists", one artist for all of them', async () => {
    const various = await database.db.selectFrom('artist').select(['name', 'slug']).where('name', 'like', 'Various%').execute();
    expect(various).toEqual([{ name: 'Various Artists', slug: 'various-artists' }]);
  });

  it('keeps tracklists with durations', async () => {
    const album = await database.db
      .selectFrom('album')
      .select('id')
      .where('slug', '=', 'pink-floyd-the-dark-side-of-the-moon')
      .executeTakeFirstOrThrow();
    const tracks = await database.db
      .selectFrom('track')
      .select(['title', 'duration_ms'])
      .where('album_id', '=', album.id)
      .orderBy('position')
      .execute();
    expect(tracks.length).toBeGreaterThanOrEqual(9);
    expect(tracks.every((track) => (track.duration_ms ?? 0) > 0)).toBe(true);
  });
});

describe('the catalog writer', () => {
  it('adds each album, artist and style once when two processes add the same new ones at once', async () => {
    // A second server's own connection on PostgreSQL; on SQLite the one connection (see test/app.ts).
    const other = database.dialect === 'postgres' ? openDatabase(database.url, { poolSize: 2 }) : null;
    const entries: CatalogEntry[] = Array.from({ length: 60 }, (_, index) => ({
      title: `Raced Album ${index}`,
      credits: [{ name: `Raced Artist ${index % 7}`, joinPhrase: '' }],
      releaseDate: '2024',
      releaseType: 'album',
      rawGenres: ['Rock', `Raced Style ${index % 5}`],
      label: null,
      description: null,
      mbid: null,
      artistMbids: [null],
      discogsMasterId: null,
      tracks: [],
      source: 'import',
    }));
    const results = await Promise.all([
      addCatalogEntries(database.db, entries, '2026-11-24T00:00:00.000Z'),
      addCatalogEntries(other?.db ?? database.db, entries, '2026-11-24T00:00:00.000Z'),
    ]);
    await other?.destroy();
    expect(results.map((result) => result.added).sort()).toEqual([0, 60]);
    const count = async (table: 'album' | 'artist' | 'genre', column: 'title' | 'name', prefix: string) =>
      (await database.db.selectFrom(table).select('id').where(column, 'like', `${prefix}%`).execute()).length;
    expect(await count('album', 'title', 'Raced Album ')).toBe(60);
    expect(await count('artist', 'name', 'Raced Artist ')).toBe(7);
    expect(await count('genre', 'name', 'Raced Style ')).toBe(5);
  });

  const entry = (title: string, artists: { name: string; mbid: string | null }[], mbid: string | null): CatalogEntry => ({
    title,
    credits: artists.map((artist, index) => ({ name: artist.name, joinPhrase: index < artists.length - 1 ? ' & ' : '' })),
    releaseDate: '2022',
    releaseType: 'album',
    rawGenres: ['Rock'],
    label: null,
    description: null,
    mbid,
    artistMbids: artists.map((artist) => artist.mbid),
    discogsMasterId: null,
    tracks: [],
    source: 'musicbrainz',
  });
  const mbid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('gives albums of the same name slugs of their own, one at a time or several at once, past a run of taken ones', async () => {
    const slugOf = async (id: string) =>
      (await database.db.selectFrom('album').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
    const artist = [{ name: 'Slug Collector', mbid: null }];
    const slugs: string[] = [];
    // Twelve releases of one title and year, told apart only by their MusicBrainz ids: the base, the year, then numbers.
    for (let n = 1; n <= 12; n++) {
      const added = await addCatalogEntries(database.db, [entry('Same Name', artist, mbid(n))], '2026-11-24T00:00:00.000Z');
      expect(added.added).toBe(1);
      slugs.push(await slugOf(added.albumIds[0]!));
    }
    const three = await addCatalogEntries(
      database.db,
      [13, 14, 15].map((n) => entry('Same Name', artist, mbid(n))),
      '2026-11-24T00:00:00.000Z',
    );
    expect(three.added).toBe(3);
    for (const id of three.albumIds) slugs.push(await slugOf(id));
    const base = 'slug-collector-same-name';
    expect(slugs).toEqual([base, `${base}-2022`, ...Array.from({ length: 13 }, (_, index) => `${base}-${index + 2}`)]);
  });

  it('gives different artists whose names make the same slug slugs of their own', async () => {
    // Slugs are cut at 80 characters: these names differ only past that.
    const name = (n: string) => `${'Remarkably Long Artist Name '.repeat(3)}Number ${n}`;
    await addCatalogEntries(database.db, [entry('Long First', [{ name: name('One'), mbid: null }], null)], '2026-11-24T00:00:00.000Z');
    const added = await addCatalogEntries(
      database.db,
      [entry('Long Second', [{ name: name('Two'), mbid: null }], null), entry('Long Third', [{ name: name('Three'), mbid: null }], null)],
      '2026-11-24T00:00:00.000Z',
    );
    expect(added.added).toBe(2);
    const artists = await database.db.selectFrom('artist').select(['name', 'slug']).where('name', 'like', 'Remarkably Long%').execute();
    const base = slugify(name('One'));
    expect(base).toBe(slugify(name('Three')));
    expect(Object.fromEntries(artists.map((artist) => [artist.name, artist.slug]))).toEqual({
      [name('One')]: base,
      [name('Two')]: `${base}-2`,
      [name('Three')]: `${base}-3`,
    });
  });

  // The writer looks up the entries it is given by their keys rather than reading the whole catalog; the starter
  // catalog's albums are known by their Discogs masters.
  it('finds albums by their Discogs master through an index', async () => {
    if (database.dialect === 'postgres') {
      expect(await postgresIndexDefinition(database.db, 'album_discogs_master_idx')).toMatch(/ USING btree \(discogs_master_id\) WHERE/);
    } else {
      const query = database.db.selectFrom('album').select('id').where('discogs_master_id', 'in', [1, 2, 3]);
      expect((await sqlitePlan(database.db, query)).join('\n')).toMatch(/USING INDEX album_discogs_master_idx/);
    }
  });
});
