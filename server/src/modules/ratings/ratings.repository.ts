import type { MyRatingsQuery } from '@hearsay/contracts/ratings';
import { sql, type Expression, type QueryCreator, type SqlBool, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AlbumTotalsRow } from '../catalog/catalog.service.ts';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';
import { precompiled } from '../../platform/db/precompiled.ts';
import { RATING_STEP_COLUMNS, ratingStepColumn, type RatingStepColumn } from '../../db/rating-steps.ts';
import { earliestYearOfRule } from '../../db/genre-rules.ts';

export async function findRating(db: DB, userId: string, albumId: string) {
  let query = db.selectFrom('rating').select(['id', 'rating']).where('user_id', '=', userId).where('album_id', '=', albumId);
  // On PostgreSQL the row is locked so two changes by one person cannot both read the old value.
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A rating as written: `feedAt` is when it became news in followers' feeds (null: given quietly, as an import does). */
export interface RatingWrite {
  userId: string;
  albumId: string;
  value: number;
  /** When it was given (an imported export keeps the original moment). */
  at: string;
  feedAt: string | null;
}

export async function insertRating(db: DB, rating: RatingWrite): Promise<void> {
  await db.insertInto('rating').values(ratingRow(rating)).execute();
}

function ratingRow(rating: RatingWrite, id = newId()) {
  const { userId, albumId, value, at, feedAt } = rating;
  return { id, user_id: userId, album_id: albumId, rating: value, created_at: at, updated_at: at, feed_at: feedAt };
}

/** A change of rating; `feedAt` moves it to the top of followers' feeds again (omitted: it stays where it was). */
export async function updateRating(db: DB, id: string, rating: number, at: string, feedAt?: string): Promise<void> {
  await db
    .updateTable('rating')
    .set({ rating, updated_at: at, ...(feedAt ? { feed_at: feedAt } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function deleteRating(db: DB, id: string): Promise<void> {
  await db.deleteFrom('rating').where('id', '=', id).execute();
}

/**
 * The counters a first rating moves, as clauses of its statement: the album's totals (the catalog's) and the rater's
 * count (profiles'), each acting only if `onlyIf` holds. Handed in by the service, from their owners.
 */
export interface FirstRatingCounters {
  albumTotals(
    db: QueryCreator<Database>,
    step: RatingStepColumn,
    albumId: string,
    value: number,
    now: string,
    onlyIf: Expression<SqlBool>,
  ): UpdateQueryBuilder<Database, 'album', 'album', AlbumTotalsRow>;
  profileRatings(
    db: QueryCreator<Database>,
    userId: string,
    onlyIf: Expression<SqlBool>,
  ): UpdateQueryBuilder<Database, 'profile', 'profile', UpdateResult>;
}

/**
 * A person's first rating of an album on PostgreSQL, as one statement (decision 037): the rating (which is also its
 * feed entry), the album's totals and the profile's count, compiled once for each half step's column (the only part
 * of its text that varies). The statement answers the album's totals; null when the person has already rated the
 * album: a change, which reads and locks the old rating first. Concurrent first ratings by one person are safe: the
 * second inserts nothing and is null. Always null on SQLite, which cannot write in a WITH clause and pays no round
 * trip: the service's transaction writes the rating.
 */
export function firstRatingStatement(counters: FirstRatingCounters) {
  const statements = new Map(
    RATING_STEP_COLUMNS.map((step) => [
      step,
      precompiled((db, id: string, userId: string, albumId: string, value: number, at: string, feedAt: string | null, now: string) => {
        // Everything after the rating happens only if the rating row was new.
        const wasInserted = sql<boolean>`exists (select 1 from inserted)`;
        return db
          .with('inserted', (db) => insertRatingIfNewQuery(db, { userId, albumId, value, at, feedAt }, id))
          .with('totals', (db) => counters.albumTotals(db, step, albumId, value, now, wasInserted))
          .with('profile_count', (db) => counters.profileRatings(db, userId, wasInserted).returning('user_id'))
          .selectFrom('totals')
          .selectAll();
      }),
    ]),
  );
  return async (db: DB, rating: RatingWrite & { now: string }): Promise<{ totals: AlbumTotalsRow } | null> => {
    if (dialectOf(db) !== 'postgres') return null;
    const { userId, albumId, value, at, feedAt, now } = rating;
    const [row] = await statements.get(ratingStepColumn(value))!(db, newId(), userId, albumId, value, at, feedAt, now);
    return row ? { totals: row } : null;
  };
}

function insertRatingIfNewQuery(db: QueryCreator<Database>, rating: RatingWrite, id: string) {
  return db
    .insertInto('rating')
    .values(ratingRow(rating, id))
    .onConflict((conflict) => conflict.columns(['user_id', 'album_id']).doNothing())
    .returning('album_id');
}

/** One person's rating of one album (an album page, a library entry): a statement compiled once. */
const oneRating = precompiled((db, userId: string, albumId: string) =>
  db.selectFrom('rating').select(['album_id', 'rating']).where('user_id', '=', userId).where('album_id', '=', albumId),
);

export async function viewerRatings(db: DB, userId: string, albumIds: readonly string[]): Promise<Map<string, number>> {
  if (albumIds.length === 0) return new Map();
  const rows =
    albumIds.length === 1
      ? await oneRating(db, userId, albumIds[0]!)
      : await db
          .selectFrom('rating')
          .select(['album_id', 'rating'])
          .where('user_id', '=', userId)
          .where('album_id', 'in', [...albumIds])
          .execute();
  return new Map(rows.map((row) => [row.album_id, Number(row.rating)]));
}

export interface MyRatingsFilters extends Pick<MyRatingsQuery, 'decade' | 'minRating' | 'sort' | 'order'> {
  genre?: { id: string; rule: string | null };
  currentYear: number;
}

/** A person's rated albums, filtered by the album's genre and decade and by their own rating; newest rating first by default. */
export async function ratedAlbumIds(db: DB, userId: string, limit: number, offset: number, filters?: MyRatingsFilters) {
  let base = db.selectFrom('rating').innerJoin('album', 'album.id', 'rating.album_id').where('rating.user_id', '=', userId);
  const genre = filters?.genre;
  if (genre) {
    // A rule genre ("New") is decided by release year, like everywhere else on the site.
    const earliestYear = earliestYearOfRule(genre.rule, filters?.currentYear ?? 0);
    base =
      earliestYear !== null
        ? base.where('album.release_year', '>=', earliestYear)
        : base.where((eb) =>
            eb.exists(
              eb
                .selectFrom('album_genre')
                .select(sql`1`.as('one'))
                .whereRef('album_genre.album_id', '=', 'rating.album_id')
                .where('album_genre.genre_id', '=', genre.id),
            ),
          );
  }
  if (filters?.decade !== undefined) {
    base = base.where('album.release_year', '>=', filters.decade).where('album.release_year', '<=', filters.decade + 9);
  }
  if (filters?.minRating !== undefined) base = base.where('rating.rating', '>=', filters.minRating);
  const direction = filters?.order ?? 'desc';
  let query = base.select(['rating.album_id', 'rating.rating', 'rating.updated_at']);
  if (filters?.sort === 'rating') query = query.orderBy('rating.rating', direction).orderBy('rating.updated_at', 'desc');
  else if (filters?.sort === 'release')
    query = query.orderBy(sql`coalesce(album.release_date, '')`, direction).orderBy('rating.updated_at', 'desc');
  else if (filters?.sort === 'title') query = query.orderBy(sql`lower(album.title)`, direction === 'desc' ? 'asc' : 'desc');
  else query = query.orderBy('rating.updated_at', direction);
  const [rows, count] = await Promise.all([
    query.orderBy('rating.album_id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function ratingsBy(db: DB, userId: string) {
  return db.selectFrom('rating').select(['album_id', 'rating']).where('user_id', '=', userId).execute();
}

export async function deleteRatingsBy(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('rating').where('user_id', '=', userId).execute();
}

/** How many of a person's ratings fall on each half step. */
export async function personDistribution(db: DB, userId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('rating')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('rating')
    .execute();
  return new Map(rows.map((row) => [Number(row.rating), Number(row.n)]));
}

/** A person's rating of an album as it stands, for sharing it with other sites. */
export async function currentRating(db: DB, userId: string, albumId: string) {
  return db
    .selectFrom('rating')
    .select(['id', 'rating', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
}
