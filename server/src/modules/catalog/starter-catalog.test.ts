import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/database.ts';
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
});
