import type { ReleaseType } from '@hearsay/contracts/catalog';
import { RATING_STEP_COLUMNS, ratingStepColumn, type RatingStepColumn } from '../src/db/rating-steps.ts';
import type { DB } from '../src/platform/db/index.ts';
import { addCatalogEntries } from '../src/modules/catalog/catalog-writer.ts';
import { refreshPeople } from '../src/platform/db/search-index.ts';
import { splitArtistCredit } from '../src/modules/catalog/normalise.ts';
import { loadStarterCatalog } from '../src/modules/catalog/starter-catalog.ts';

let sequence = 0;
const next = () => ++sequence;

export interface AlbumOverrides {
  title?: string;
  artist?: string;
  releaseDate?: string | null;
  releaseType?: ReleaseType;
  genres?: string[];
  label?: string | null;
  mbid?: string | null;
  discogsMasterId?: number | null;
  tracks?: { disc?: number; position: number; title: string; durationMs?: number | null }[];
}

/** Inserts `count` albums by one artist in one go, titled `${title} 1`, `${title} 2`…; returns their ids. */
export async function buildAlbums(db: DB, count: number, title: string, artist: string): Promise<string[]> {
  const credits = splitArtistCredit(artist);
  const entries = Array.from({ length: count }, (_, index) => ({
    title: `${title} ${index + 1}`,
    credits,
    releaseDate: '2001',
    releaseType: 'album' as const,
    rawGenres: ['Rock'],
    label: null,
    description: null,
    mbid: null,
    artistMbids: credits.map(() => null),
    discogsMasterId: null,
    tracks: [],
    source: 'catalog' as const,
  }));
  return (await addCatalogEntries(db, entries, new Date().toISOString())).albumIds;
}

/** Inserts a real album (creating its artists and genres when missing) and returns its id. */
export async function buildAlbum(db: DB, overrides: AlbumOverrides = {}): Promise<string> {
  const n = next();
  const credits = splitArtistCredit(overrides.artist ?? `Test Artist ${n}`);
  const result = await addCatalogEntries(
    db,
    [
      {
        title: overrides.title ?? `Test Album ${n}`,
        credits,
        releaseDate: overrides.releaseDate === undefined ? '2001' : overrides.releaseDate,
        releaseType: overrides.releaseType ?? 'album',
        rawGenres: overrides.genres ?? ['Rock', 'Indie Rock'],
        label: overrides.label ?? null,
        description: null,
        mbid: overrides.mbid ?? null,
        artistMbids: credits.map(() => null),
        discogsMasterId: overrides.discogsMasterId ?? null,
        tracks: (overrides.tracks ?? []).map((track) => ({
          disc: track.disc ?? 1,
          position: track.position,
          title: track.title,
          durationMs: track.durationMs ?? null,
        })),
        source: 'catalog',
      },
    ],
    new Date().toISOString(),
  );
  const id = result.albumIds[0];
  if (!id) throw new Error('album was not created');
  return id;
}

/** A member with no sign-in method, for tests that only need someone to own rows. */
export async function buildMember(db: DB, name = `Member ${next()}`): Promise<string> {
  const id = `member-${next()}-${Math.random().toString(36).slice(2, 8)}`;
  const now = new Date().toISOString();
  const username = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}${next()}`;
  await db
    .insertInto('user')
    .values({ id, name, email: `${id}@example.com`, username, display_username: name, created_at: now as never, updated_at: now as never })
    .execute();
  await db.insertInto('profile').values({ user_id: id, created_at: now, updated_at: now }).execute();
  await refreshPeople(db, [id]);
  return id;
}

/** Ratings stored as the ratings module stores them, with the album's aggregates kept in step. */
export async function seedRatings(db: DB, albumId: string, ratings: readonly number[], createdAt: Date = new Date()): Promise<void> {
  for (const rating of ratings) {
    const userId = await buildMember(db);
    const at = createdAt.toISOString();
    await db
      .insertInto('rating')
      .values({ id: `rating-${next()}`, user_id: userId, album_id: albumId, rating, created_at: at, updated_at: at })
      .execute();
  }
  const rows = await db.selectFrom('rating').select('rating').where('album_id', '=', albumId).execute();
  const count = rows.length;
  const sum = rows.reduce((total, row) => total + Number(row.rating), 0);
  const steps = Object.fromEntries(RATING_STEP_COLUMNS.map((column) => [column, 0])) as Record<RatingStepColumn, number>;
  for (const row of rows) steps[ratingStepColumn(Number(row.rating))]++;
  await db
    .updateTable('album')
    .set({ rating_count: count, rating_sum: sum, rating_average: count ? Math.round((sum / count) * 10) / 10 : null, ...steps })
    .where('id', '=', albumId)
    .execute();
}

/** The albums a new site starts with: real titles and artists to search, rank and filter. */
export async function seedStarterCatalog(db: DB): Promise<void> {
  await loadStarterCatalog(db, new Date().toISOString());
}
