import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { albumFilterExpression, type AlbumFilters } from './album-lists.repository.ts';
import type { RatingLookup, StatementPart } from './catalog-context.ts';
import type { GenreFilter } from './genres.repository.ts';

/**
 * Albums ranked by what people rated and reviewed: the charts of /trending and Discover's trending tab. The reads of
 * ratings and reviews are the ratings' and reviews' own, parts these statements join to the albums they filter
 * (decision 066).
 */

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

/**
 * Albums ranked by the Bayesian weighted rating WR = v/(v+m)·R + m/(v+m)·C over ratings made in
 * the period, among albums with at least `minRatings` of them.
 */
export async function chartRows(
  db: DB,
  options: ChartOptions,
  mean: number,
  stats: ReturnType<RatingLookup['periodStats']>,
): Promise<{ rows: ChartRow[]; total: number }> {
  const m = options.priorWeight;
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
  since: { rated: StatementPart<{ album_id: string }>; reviewed: StatementPart<{ album_id: string }> },
  filters: AlbumFilters,
  genre: GenreFilter | undefined,
  currentYear: number,
): Promise<string[]> {
  const activity = since.rated.unionAll(since.reviewed).as('activity_row');
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
  moments: { rated: StatementPart<{ album_id: string; at: string }>; reviewed: StatementPart<{ album_id: string; at: string }> },
  options: { filters: AlbumFilters; genre: GenreFilter | undefined; currentYear: number; limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const activity = moments.rated.unionAll(moments.reviewed).as('activity_row');
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
