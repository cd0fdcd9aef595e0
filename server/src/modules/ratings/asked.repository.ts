import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the rating table (decision 066): each question read here, by the table's owner, and asked
 * through the ratings service (or, for the catalog, which the ratings service needs, the rating lookup).
 */

export interface SharedRatingRow {
  album_id: string;
  mine: number;
  theirs: number;
}

/**
 * Every album two people both rated, with both ratings: one query joining their ratings on the album (a profile's
 * compatibility). Each side is found through an index on user_id (the other through the (user_id, album_id) unique
 * index), so the cost and the number of rows follow the smaller of the two collections.
 */
export async function sharedRatings(db: DB, viewerId: string, otherId: string): Promise<SharedRatingRow[]> {
  return db
    .selectFrom('rating as mine')
    .innerJoin('rating as theirs', 'theirs.album_id', 'mine.album_id')
    .where('mine.user_id', '=', viewerId)
    .where('theirs.user_id', '=', otherId)
    .select(['mine.album_id', 'mine.rating as mine', 'theirs.rating as theirs'])
    .execute();
}

// ——— Parts of the catalog's statements (charts, Discover), written here and joined there (decision 066) ———

/** Mean rating (C) and number of ratings made since the instant (undefined: all time), for a chart's prior. */
export async function periodMean(db: DB, since: string | undefined): Promise<{ mean: number; ratings: number }> {
  let query = db.selectFrom('rating').select((eb) => [eb.fn.avg<number>('rating').as('mean'), eb.fn.countAll<number>().as('n')]);
  if (since) query = query.where('created_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  const ratings = Number(row.n);
  return { mean: ratings ? Number(row.mean) : 7, ratings };
}

/**
 * Per album, the number (v) and the average (r) of the ratings made since the instant, among albums with `minRatings`;
 * with `raters`, only the ratings of the people that condition on a column naming a person keeps (the people a member
 * follows, for their chart).
 */
export function periodStats(db: DB, since: string | undefined, minRatings: number, raters?: (column: string) => Expression<SqlBool>) {
  let stats = db
    .selectFrom('rating')
    .select((eb) => ['rating.album_id', eb.fn.countAll<number>().as('v'), eb.fn.avg<number>('rating.rating').as('r')])
    .groupBy('rating.album_id')
    .having((eb) => eb.fn.countAll(), '>=', minRatings);
  if (since) stats = stats.where('rating.created_at', '>=', since);
  if (raters) stats = stats.where(raters('rating.user_id'));
  return stats;
}

/** A page of every rating in id order, after an id: what the chart job counts (decision 081). */
export async function ratingsAfter(db: DB, afterId: string, limit: number) {
  return db
    .selectFrom('rating')
    .select(['id', 'album_id', 'user_id', 'rating', 'created_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The album of each rating made since the instant. */
export const albumsRatedSince = (db: DB, since: string) => db.selectFrom('rating').select('album_id').where('created_at', '>=', since);

/** Each rating's album, and when it was last made or changed. */
export const ratingMoments = (db: DB) => db.selectFrom('rating').select(['album_id', 'updated_at as at']);

/** Not rated by this person, as a condition on a column naming an album: one probe of the (user, album) key per album. */
export function notRatedBy(raterId: string, albumColumn: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database>();
  return eb.not(
    eb.exists(
      eb
        .selectFrom('rating')
        .select(sql`1`.as('one'))
        .where('rating.album_id', '=', sql.ref<string>(albumColumn))
        .where('rating.user_id', '=', raterId),
    ),
  );
}

// ——— Download my data: a person's rows a page at a time, in a stable order, after a key (decision 028) ———

/** A person's ratings after an album id, by album id. */
export async function exportedRatings(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('rating')
    .select(['album_id', 'rating', 'created_at'])
    .where('user_id', '=', userId)
    .where('album_id', '>', after)
    .orderBy('album_id')
    .limit(limit)
    .execute();
}

/** How many ratings a person has: their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('rating')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ——— The feed's sidebar (decision 066): who the raters are is the hydration layer's conditions, given by the feed ———

/** A condition on a column naming a person (the hydration layer's: followed by the viewer, shown in their feed, …). */
export type PersonCondition = (person: string) => Expression<SqlBool>;

/**
 * Albums most rated since `since` (as feeds show it) by the raters every condition keeps, with how many of them rated
 * each ("popular among the people you follow").
 */
export async function mostRatedSince(db: DB, since: string, limit: number, raters: readonly PersonCondition[]) {
  let query = db
    .selectFrom('rating')
    .select((eb) => ['rating.album_id', eb.fn.countAll<number>().as('raters')])
    .where('rating.feed_at', '>=', since);
  for (const condition of raters) query = query.where(condition('rating.user_id'));
  const rows = await query
    .groupBy('rating.album_id')
    .orderBy('raters', 'desc')
    .orderBy((eb) => eb.fn.max('rating.feed_at'), 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ albumId: row.album_id, raters: Number(row.raters) }));
}

/**
 * The people every condition keeps who rated an album, newest rating first, with how many they are in all (an album
 * page's "people you follow who rated it"). Read through the album's ratings (`rating_album_idx`), each rater tested
 * by the conditions' keys.
 */
export async function ratersOfAlbum(db: DB, albumId: string, limit: number, raters: readonly PersonCondition[]) {
  let query = db
    .selectFrom('rating')
    .select(['rating.user_id', 'rating.rating', 'rating.updated_at', sql<number>`count(*) over ()`.as('total')])
    .where('rating.album_id', '=', albumId);
  for (const condition of raters) query = query.where(condition('rating.user_id'));
  const rows = await query.orderBy('rating.updated_at', 'desc').orderBy('rating.user_id').limit(limit).execute();
  return {
    items: rows.map((row) => ({ userId: row.user_id, rating: Number(row.rating), ratedAt: row.updated_at })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * People to suggest, with the reason: how many of the albums the viewer rated `threshold` or more they rated that
 * high too. Only the viewer's newest `basis` such ratings are compared, so the cost stays bounded for prolific raters.
 * Never the viewer, and only people every condition keeps (not already followed).
 */
export async function tasteNeighbours(
  db: DB,
  viewerId: string,
  options: { threshold: number; basis: number; limit: number },
  others: readonly PersonCondition[],
) {
  const { threshold, basis, limit } = options;
  let query = db
    .selectFrom((eb) =>
      eb
        .selectFrom('rating')
        .select('album_id')
        .where('user_id', '=', viewerId)
        .where('rating', '>=', threshold)
        .orderBy('updated_at', 'desc')
        .limit(basis)
        .as('mine'),
    )
    .innerJoin('rating as theirs', 'theirs.album_id', 'mine.album_id')
    .select((eb) => ['theirs.user_id', eb.fn.countAll<number>().as('shared')])
    .where('theirs.rating', '>=', threshold)
    .where('theirs.user_id', '!=', viewerId);
  for (const condition of others) query = query.where(condition('theirs.user_id'));
  const rows = await query.groupBy('theirs.user_id').orderBy('shared', 'desc').orderBy('theirs.user_id').limit(limit).execute();
  return rows.map((row) => ({ userId: row.user_id, shared: Number(row.shared) }));
}

// ——— A year in review (decision 066) ———

/**
 * A person's ratings made between two instants, of albums `listed` keeps (the hydration layer's album rule, a
 * condition on a column naming an album): a range of rating_user_updated_idx, which holds created_at.
 */
function ratingsBetween(db: DB, userId: string, between: { from: string; to: string }, listed: (album: string) => Expression<SqlBool>) {
  return db
    .selectFrom('rating')
    .where('rating.user_id', '=', userId)
    .where('rating.created_at', '>=', between.from)
    .where('rating.created_at', '<', between.to)
    .where(listed('rating.album_id'));
}

/** How many of each rating (1–10 in half steps) a person gave between two instants, and the best `limit` (then the earlier rated). */
export async function ratingsOfPeriod(
  db: DB,
  userId: string,
  between: { from: string; to: string },
  limit: number,
  listed: (album: string) => Expression<SqlBool>,
) {
  const [counts, topRated] = await Promise.all([
    ratingsBetween(db, userId, between, listed)
      .select((eb) => ['rating.rating', eb.fn.countAll<number>().as('n')])
      .groupBy('rating.rating')
      .execute(),
    ratingsBetween(db, userId, between, listed)
      .select(['rating.album_id', 'rating.rating'])
      .orderBy('rating.rating', 'desc')
      .orderBy('rating.created_at', 'asc')
      .orderBy('rating.album_id')
      .limit(limit)
      .execute(),
  ]);
  return { counts: counts.map((row) => ({ rating: Number(row.rating), count: Number(row.n) })), topRated };
}
