import type { MyRatingsQuery } from '@hearsay/contracts/ratings';
import { sql, type ExpressionBuilder, type RawBuilder, type Selectable } from 'kysely';
import type { AlbumTable, Database } from '../../db/schema.ts';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';
import { RATING_STEP_COLUMNS, ratingStepColumn, stepCounts, type RatingStepColumn } from '../../db/rating-steps.ts';
import { earliestYearOfRule } from '../../db/genre-rules.ts';

export async function findRating(db: DB, userId: string, albumId: string) {
  let query = db.selectFrom('rating').select(['id', 'rating']).where('user_id', '=', userId).where('album_id', '=', albumId);
  // On PostgreSQL the row is locked so two changes by one person cannot both read the old value.
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertRating(db: DB, userId: string, albumId: string, rating: number, now: string): Promise<void> {
  await db
    .insertInto('rating')
    .values({ id: newId(), user_id: userId, album_id: albumId, rating, created_at: now, updated_at: now })
    .execute();
}

export async function updateRating(db: DB, id: string, rating: number, now: string): Promise<void> {
  await db.updateTable('rating').set({ rating, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteRating(db: DB, id: string): Promise<void> {
  await db.deleteFrom('rating').where('id', '=', id).execute();
}

/** What a rating write answers with: the album's totals after it. */
const TOTALS = ['rating_count', 'rating_average', ...RATING_STEP_COLUMNS] as const;

export interface AlbumTotals {
  count: number;
  average: number | null;
  /** How many ratings fall on each half step. */
  distribution: Map<number, number>;
}

function totalsOf(row: Pick<Selectable<AlbumTable>, (typeof TOTALS)[number]> | undefined): AlbumTotals | undefined {
  if (!row) return undefined;
  return { count: Number(row.rating_count), average: row.rating_average, distribution: stepCounts(row) };
}

/**
 * Moves an album's aggregates from one rating of a person to another (null: none) in one statement: the count, the
 * sum and the two half steps' counts. The database applies concurrent changes one after another, so they stay exact.
 */
export async function shiftAlbumTotals(
  db: DB,
  albumId: string,
  change: { from: number | null; to: number | null },
  now: string,
): Promise<AlbumTotals | undefined> {
  const row = await db.updateTable('album').set(totalsShift(change, now)).where('id', '=', albumId).returning(TOTALS).executeTakeFirst();
  return totalsOf(row);
}

/** The album's columns a change of one rating moves. */
function totalsShift(change: { from: number | null; to: number | null }, now: string) {
  const countDelta = (change.to === null ? 0 : 1) - (change.from === null ? 0 : 1);
  const sumDelta = (change.to ?? 0) - (change.from ?? 0);
  const steps: Partial<Record<RatingStepColumn, RawBuilder<number>>> = {};
  if (change.from !== change.to) {
    if (change.from !== null) steps[ratingStepColumn(change.from)] = sql`${sql.ref(ratingStepColumn(change.from))} - 1`;
    if (change.to !== null) steps[ratingStepColumn(change.to)] = sql`${sql.ref(ratingStepColumn(change.to))} + 1`;
  }
  return {
    rating_count: sql<number>`rating_count + ${countDelta}`,
    rating_sum: sql<number>`rating_sum + ${sumDelta}`,
    rating_average: sql<
      number | null
    >`case when rating_count + ${countDelta} > 0 then (rating_sum + ${sumDelta}) / (rating_count + ${countDelta}) else null end`,
    ...steps,
    updated_at: now,
  };
}

/**
 * A person's first rating of an album on PostgreSQL, in one statement: the rating, the album's totals, the profile's
 * count and the feed's row (unless `quiet`). Null when the person has already rated the album (a change, which reads
 * and locks the old rating first) or on SQLite, which cannot write in a WITH clause and whose statements cost no
 * round trip to a server. Concurrent first ratings by one person are safe: the second inserts nothing and is null.
 */
export async function insertFirstRating(
  db: DB,
  rating: { userId: string; albumId: string; value: number; at: string; now: string; quiet: boolean },
): Promise<{ totals: AlbumTotals | undefined } | null> {
  if (dialectOf(db) !== 'postgres') return null;
  const { userId, albumId, value, at, now } = rating;
  // Everything after the rating happens only if the rating row was new.
  const wasInserted = sql<boolean>`exists (select 1 from inserted)`;
  const base = db
    .with('inserted', (db) =>
      db
        .insertInto('rating')
        .values({ id: newId(), user_id: userId, album_id: albumId, rating: value, created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.columns(['user_id', 'album_id']).doNothing())
        .returning('album_id'),
    )
    .with('totals', (db) =>
      db
        .updateTable('album')
        .set(totalsShift({ from: null, to: value }, now))
        .where('id', '=', albumId)
        .where(wasInserted)
        .returning(TOTALS),
    )
    .with('profile_count', (db) =>
      db
        .updateTable('profile')
        .set({ ratings_count: sql`ratings_count + 1` })
        .where('user_id', '=', userId)
        .where(wasInserted)
        .returning('user_id'),
    );
  const query = rating.quiet
    ? base
    : base
        .with('moved', (db) =>
          db.updateTable('activity').set({ created_at: now }).where(isRatedActivity(userId, albumId)).where(wasInserted).returning('id'),
        )
        .with('recorded', (db) =>
          db
            .insertInto('activity')
            .columns(['id', 'actor_id', 'verb', 'object_type', 'object_id', 'album_id', 'created_at'])
            .expression(
              db
                .selectNoFrom((eb) => [
                  eb.val(newId()).as('id'),
                  eb.val(userId).as('actor_id'),
                  eb.val('rated').as('verb'),
                  eb.val('album').as('object_type'),
                  eb.val(albumId).as('object_id'),
                  eb.val(albumId).as('album_id'),
                  eb.val(now).as('created_at'),
                ])
                .where(wasInserted)
                .where(sql<boolean>`not exists (select 1 from moved)`),
            )
            .returning('id'),
        );
  const row = await query.selectFrom('totals').select(TOTALS).executeTakeFirst();
  return row ? { totals: totalsOf(row) } : null;
}

export async function shiftProfileRatings(db: DB, userId: string, delta: number): Promise<void> {
  await db
    .updateTable('profile')
    .set({ ratings_count: sql`ratings_count + ${delta}` })
    .where('user_id', '=', userId)
    .execute();
}

export async function albumTotals(db: DB, albumId: string): Promise<AlbumTotals | undefined> {
  return totalsOf(await db.selectFrom('album').select(TOTALS).where('id', '=', albumId).executeTakeFirst());
}

export async function viewerRatings(db: DB, userId: string, albumIds: readonly string[]): Promise<Map<string, number>> {
  if (albumIds.length === 0) return new Map();
  const rows = await db
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

export async function findGenre(db: DB, slug: string) {
  return db.selectFrom('genre').select(['id', 'rule']).where('slug', '=', slug).executeTakeFirst();
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

/**
 * The feed's row for a rating (decision 015): one per person and album. A change of rating moves that row to now
 * instead of adding another, so adjusting a rating never floods followers' feeds.
 */
export async function recordRated(db: DB, userId: string, albumId: string, now: string): Promise<void> {
  const moved = await db.updateTable('activity').set({ created_at: now }).where(isRatedActivity(userId, albumId)).executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) return;
  await insertRatedActivity(db, userId, albumId, now);
}

/**
 * The feed's row for a person's first rating of an album: there is none to move, since removing a rating removes its
 * row (`deleteRatedActivity`), and so does forgetting a person.
 */
export async function insertRatedActivity(db: DB, userId: string, albumId: string, now: string): Promise<void> {
  await db
    .insertInto('activity')
    .values({ id: newId(), actor_id: userId, verb: 'rated', object_type: 'album', object_id: albumId, album_id: albumId, created_at: now })
    .execute();
}

export async function deleteRatedActivity(db: DB, userId: string, albumId: string): Promise<void> {
  await db.deleteFrom('activity').where(isRatedActivity(userId, albumId)).execute();
}

/** A person's feed row for rating an album (one at most). */
function isRatedActivity(userId: string, albumId: string) {
  // object_type too, so both engines probe activity_object_actor_idx instead of reading all of a person's rows.
  return (eb: ExpressionBuilder<Database, 'activity'>) =>
    eb.and([eb('object_type', '=', 'album'), eb('object_id', '=', albumId), eb('actor_id', '=', userId), eb('verb', '=', 'rated')]);
}
