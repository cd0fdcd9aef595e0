import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { albumFilterExpression, type AlbumFilters } from './album-lists.repository.ts';
import type { GenreFilter } from './genres.repository.ts';

/** Albums ranked by what people rated and reviewed: the charts of /trending and Discover's trending tab. */

export interface ChartOptions {
  /** Only ratings made at or after this instant count; undefined means all time. */
  since: string | undefined;
  filters: AlbumFilters;
  genre: GenreFilter | undefined;
  currentYear: number;
  priorWeight: number;
  minRatings: number;
  limit: number;
  offset: number;
}

export interface ChartRow {
  albumId: string;
  ratings: number;
  average: number;
  weighted: number;
}

/** Mean rating (C) and number of ratings over the period, for the chart's prior. */
export async function periodMean(db: DB, since: string | undefined): Promise<{ mean: number; ratings: number }> {
  let query = db.selectFrom('rating').select((eb) => [eb.fn.avg<number>('rating').as('mean'), eb.fn.countAll<number>().as('n')]);
  if (since) query = query.where('created_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  const ratings = Number(row.n);
  return { mean: ratings ? Number(row.mean) : 7, ratings };
}

/**
 * Albums ranked by the Bayesian weighted rating WR = v/(v+m)·R + m/(v+m)·C over ratings made in
 * the period, among albums with at least `minRatings` of them.
 */
export async function chartRows(db: DB, options: ChartOptions, mean: number): Promise<{ rows: ChartRow[]; total: number }> {
  const m = options.priorWeight;
  let stats = db
    .selectFrom('rating')
    .select((eb) => ['rating.album_id', eb.fn.countAll<number>().as('v'), eb.fn.avg<number>('rating.rating').as('r')])
    .groupBy('rating.album_id')
    .having((eb) => eb.fn.countAll(), '>=', options.minRatings);
  if (options.since) stats = stats.where('rating.created_at', '>=', options.since);
  const base = db
    .selectFrom(stats.as('stats'))
    .innerJoin('album', 'album.id', 'stats.album_id')
    .where((eb) =>
      albumFilterExpression(eb as unknown as ExpressionBuilder<Database, 'album'>, options.filters, options.genre, options.currentYear),
    );
  const weighted = sql<number>`(cast(stats.v as double precision) / (stats.v + ${m})) * stats.r + (${m} / (cast(stats.v as double precision) + ${m})) * ${mean}`;
  const [rows, count] = await Promise.all([
    base
      .select(['stats.album_id as albumId', 'stats.v as ratings', 'stats.r as average', weighted.as('weighted')])
      .orderBy('weighted', 'desc')
      .orderBy('stats.v', 'desc')
      .orderBy('album.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      albumId: row.albumId,
      ratings: Number(row.ratings),
      average: Number(row.average),
      weighted: Number(row.weighted),
    })),
    total: Number(count.total),
  };
}

/**
 * Albums with the most ratings and reviews made since the given instant, most active first. Reviews count on their
 * own because reviewing an album you rated earlier makes no new rating.
 */
export async function activeAlbumIds(
  db: DB,
  since: string,
  filters: AlbumFilters,
  genre: GenreFilter | undefined,
  currentYear: number,
): Promise<string[]> {
  const activity = db
    .selectFrom('rating')
    .select('album_id')
    .where('created_at', '>=', since)
    .unionAll(db.selectFrom('review').select('album_id').where('created_at', '>=', since))
    .as('activity_row');
  const rows = await db
    .selectFrom(activity)
    .innerJoin('album', 'album.id', 'activity_row.album_id')
    .select(['activity_row.album_id', (eb) => eb.fn.countAll<number>().as('activity')])
    .where((eb) => albumFilterExpression(eb as unknown as ExpressionBuilder<Database, 'album'>, filters, genre, currentYear))
    .groupBy('activity_row.album_id')
    .orderBy('activity', 'desc')
    .orderBy('activity_row.album_id')
    .limit(1000)
    .execute();
  return rows.map((row) => row.album_id);
}

/**
 * Albums by their latest rating or review, newest first, each once: Discover's recent tab. A rating counts when it is
 * made or changed; a review when it is written.
 */
export async function recentlyActiveAlbumIds(
  db: DB,
  options: { filters: AlbumFilters; genre: GenreFilter | undefined; currentYear: number; limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const activity = db
    .selectFrom('rating')
    .select(['album_id', 'updated_at as at'])
    .unionAll(db.selectFrom('review').select(['album_id', 'created_at as at']))
    .as('activity_row');
  const base = db
    .selectFrom(activity)
    .innerJoin('album', 'album.id', 'activity_row.album_id')
    .where((eb) =>
      albumFilterExpression(eb as unknown as ExpressionBuilder<Database, 'album'>, options.filters, options.genre, options.currentYear),
    );
  const [rows, count] = await Promise.all([
    base
      .select(['activity_row.album_id', (eb) => eb.fn.max('activity_row.at').as('latest')])
      .groupBy('activity_row.album_id')
      .orderBy('latest', 'desc')
      .orderBy('activity_row.album_id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.count<number>('activity_row.album_id').distinct().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.album_id), total: Number(count.total) };
}
