import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ChartEntryTable, Database } from '../../db/schema.ts';
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

// ——— Charts you can slice (decision 081): everyone's counted by the chart job, the people followed counted live ———

/** Every one of these conditions (the people a member follows who share their ratings). */
export const allOf = (conditions: readonly Expression<SqlBool>[]) => expressionBuilder<Database>().and([...conditions]);

/** A chart lists its top this-many albums (40 pages of 25), and counts no further. */
export const CHART_LENGTH = 1000;

/** What a chart is narrowed to besides the period: release year or decade, genres, descriptor, country, type. */
export interface ChartSliceFilter {
  year?: number;
  decade?: number;
  /** The genre asked for and every genre below it; a rule genre ("New") is a release-year condition instead. */
  genreIds?: readonly string[];
  /** The earliest release year a rule genre keeps. */
  earliestYear?: number;
  descriptorId?: string;
  country?: string;
  type?: string;
}

/** Where a slice's conditions find an album's id, release year, type and artist's country. */
interface SliceColumns {
  albumId: string;
  releaseYear: string;
  releaseType: string;
  /** The column, or null when the country is looked up through the album's first credited artist. */
  country: string | null;
}

function sliceConditions(
  eb: ExpressionBuilder<Database, keyof Database>,
  slice: ChartSliceFilter,
  columns: SliceColumns,
): Expression<SqlBool>[] {
  const ref = (column: string) => sql.ref<string | number | null>(column);
  const conditions: Expression<SqlBool>[] = [];
  if (slice.year !== undefined) conditions.push(eb(ref(columns.releaseYear), '=', slice.year));
  if (slice.decade !== undefined)
    conditions.push(eb(ref(columns.releaseYear), '>=', slice.decade), eb(ref(columns.releaseYear), '<=', slice.decade + 9));
  if (slice.earliestYear !== undefined) conditions.push(eb(ref(columns.releaseYear), '>=', slice.earliestYear));
  if (slice.type) conditions.push(eb(ref(columns.releaseType), '=', slice.type));
  if (slice.country) {
    if (columns.country) conditions.push(eb(ref(columns.country), '=', slice.country));
    else
      conditions.push(
        eb(
          eb
            .selectFrom('album_artist')
            .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
            .select('artist.country')
            .whereRef('album_artist.album_id', '=', ref(columns.albumId))
            .orderBy('album_artist.position')
            .limit(1),
          '=',
          slice.country,
        ),
      );
  }
  if (slice.genreIds)
    conditions.push(
      eb.exists(
        eb
          .selectFrom('album_genre')
          .select(sql`1`.as('one'))
          .whereRef('album_genre.album_id', '=', ref(columns.albumId))
          .where('album_genre.genre_id', 'in', slice.genreIds.length ? [...slice.genreIds] : ['']),
      ),
    );
  if (slice.descriptorId)
    conditions.push(
      eb.exists(
        eb
          .selectFrom('album_descriptor')
          .select(sql`1`.as('one'))
          .whereRef('album_descriptor.album_id', '=', ref(columns.albumId))
          .where('album_descriptor.descriptor_id', '=', slice.descriptorId),
      ),
    );
  return conditions;
}

/**
 * A genre and every genre below it in the taxonomy (children, their children, …). The taxonomy is read once a minute
 * at most, whatever the caches (like the genre counts): every slice by genre asks it.
 */
let taxonomy: { db: DB; at: number; children: Map<string, string[]> } | undefined;
export async function genreWithDescendants(db: DB, genreId: string): Promise<string[]> {
  if (!taxonomy || taxonomy.db !== db || Date.now() - taxonomy.at > 60_000)
    taxonomy = { db, at: Date.now(), children: await genreChildren(db) };
  const { children } = taxonomy;
  const found = new Set([genreId]);
  const queue = [genreId];
  while (queue.length)
    for (const child of children.get(queue.pop()!) ?? [])
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
  return [...found];
}

async function genreChildren(db: DB): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('genre').select(['id', 'parent_id']).where('parent_id', 'is not', null).execute();
  const children = new Map<string, string[]>();
  for (const row of rows) children.set(row.parent_id!, [...(children.get(row.parent_id!) ?? []), row.id]);
  return children;
}

export async function findDescriptor(db: DB, slug: string) {
  const row = await db.selectFrom('descriptor').select(['id', 'slug', 'names_json']).where('slug', '=', slug).executeTakeFirst();
  if (!row) return undefined;
  const names = JSON.parse(row.names_json) as Record<string, string>;
  return { id: row.id, slug: row.slug, name: names.en ?? row.slug, names };
}

/** A period's current counting: its generation, start and mean (C); undefined before the chart job first ran. */
export async function chartCounting(db: DB, period: string) {
  return db.selectFrom('chart_counting').selectAll().where('period', '=', period).executeTakeFirst();
}

export type ChartEntryRow = ChartEntryTable;

/**
 * One page of a slice of everyone's chart, from the job's counting, among albums with `minRatings` ratings that also
 * weigh as much as `minRatings` full ratings: the slice's index in score order (by period, and
 * by year, type or country when the slice names one), each album's genres and descriptor probed by key.
 */
export async function countedChartRows(
  db: DB,
  counting: { generation: number; period: string; topWeight: number },
  slice: ChartSliceFilter,
  minRatings: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ChartRow[]; total: number }> {
  const base = db
    .selectFrom('chart_entry')
    .innerJoin('album', 'album.id', 'chart_entry.album_id')
    .where('chart_entry.generation', '=', counting.generation)
    .where('chart_entry.period', '=', counting.period)
    .where('chart_entry.ratings', '>=', minRatings)
    // As many ratings counted by their raters' weight, so a brigade of new accounts is not enough (decision 081).
    .where('chart_entry.weight', '>=', minRatings * counting.topWeight * (1 - 1e-9))
    .where('album.status', '=', 'confirmed')
    .where((eb) =>
      eb.and(
        sliceConditions(eb, slice, {
          albumId: 'chart_entry.album_id',
          releaseYear: 'chart_entry.release_year',
          releaseType: 'chart_entry.release_type',
          country: 'chart_entry.country',
        }),
      ),
    );
  const [rows, count] = await Promise.all([
    page.offset >= CHART_LENGTH
      ? []
      : base
          .select(['chart_entry.album_id', 'chart_entry.ratings', 'chart_entry.average', 'chart_entry.score'])
          .orderBy('chart_entry.score', 'desc')
          .orderBy('chart_entry.ratings', 'desc')
          .orderBy('chart_entry.album_id')
          .limit(Math.min(page.limit, CHART_LENGTH - page.offset))
          .offset(page.offset)
          .execute(),
    // Counted up to the chart's length: a walk of at most that many rows of the index.
    db
      .selectFrom(base.select('chart_entry.album_id').orderBy('chart_entry.score', 'desc').limit(CHART_LENGTH).as('listed'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      albumId: row.album_id,
      ratings: Number(row.ratings),
      average: Number(row.average),
      weighted: Number(row.score),
    })),
    total: Number(count.total),
  };
}

/**
 * One page of a slice over the ratings of some people (those a member follows: the ratings' own condition), counted
 * for this answer: the Bayesian weighted rating over their ratings in the period, every rating counting alike.
 */
export async function liveChartRows(
  db: DB,
  stats: ReturnType<RatingLookup['periodStats']>,
  slice: ChartSliceFilter,
  prior: { weight: number; mean: number },
  page: { limit: number; offset: number },
): Promise<{ rows: ChartRow[]; total: number }> {
  const m = prior.weight;
  const base = db
    .selectFrom(stats.as('stats'))
    .innerJoin('album', 'album.id', 'stats.album_id')
    .where('album.status', '=', 'confirmed')
    .where((eb) =>
      eb.and(
        sliceConditions(eb as unknown as ExpressionBuilder<Database, keyof Database>, slice, {
          albumId: 'album.id',
          releaseYear: 'album.release_year',
          releaseType: 'album.release_type',
          country: null,
        }),
      ),
    );
  const weighted = sql<number>`(cast(stats.v as double precision) / (stats.v + ${m})) * stats.r + (${m} / (cast(stats.v as double precision) + ${m})) * ${prior.mean}`;
  const [rows, count] = await Promise.all([
    page.offset >= CHART_LENGTH
      ? []
      : base
          .select(['stats.album_id as albumId', 'stats.v as ratings', 'stats.r as average', weighted.as('weighted')])
          .orderBy('weighted', 'desc')
          .orderBy('stats.v', 'desc')
          .orderBy('album.id')
          .limit(Math.min(page.limit, CHART_LENGTH - page.offset))
          .offset(page.offset)
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
    total: Math.min(CHART_LENGTH, Number(count.total)),
  };
}

/** The generation a new counting writes: past every one written, finished or not. */
export async function nextChartGeneration(db: DB): Promise<number> {
  const [entries, countings] = await Promise.all([
    db
      .selectFrom('chart_entry')
      .select((eb) => eb.fn.max('generation').as('g'))
      .executeTakeFirst(),
    db
      .selectFrom('chart_counting')
      .select((eb) => eb.fn.max('generation').as('g'))
      .executeTakeFirst(),
  ]);
  return Math.max(Number(entries?.g ?? 0), Number(countings?.g ?? 0)) + 1;
}

/** Confirmed albums' release year and type and their first credited artist's country, by id. */
export async function chartAlbumFacts(db: DB, albumIds: readonly string[]) {
  const facts = new Map<string, { releaseYear: number | null; releaseType: string; country: string | null }>();
  for (let index = 0; index < albumIds.length; index += 500) {
    const batch = albumIds.slice(index, index + 500);
    const rows = await db
      .selectFrom('album')
      .select([
        'album.id',
        'album.release_year',
        'album.release_type',
        (eb) =>
          eb
            .selectFrom('album_artist')
            .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
            .select('artist.country')
            .whereRef('album_artist.album_id', '=', 'album.id')
            .orderBy('album_artist.position')
            .limit(1)
            .as('country'),
      ])
      .where('album.id', 'in', batch)
      .where('album.status', '=', 'confirmed')
      .execute();
    for (const row of rows)
      facts.set(row.id, {
        releaseYear: row.release_year === null ? null : Number(row.release_year),
        releaseType: row.release_type,
        country: row.country ?? null,
      });
  }
  return facts;
}

export async function writeChartEntries(db: DB, rows: readonly ChartEntryRow[]): Promise<void> {
  if (rows.length)
    await db
      .insertInto('chart_entry')
      .values([...rows])
      .execute();
}

/**
 * A counting takes the place of the last: every period names the new generation in one transaction. The rows of the
 * last counting stay until the next one (a page read a moment before the switch still finds them); those of any other
 * generation (older countings, a pass cut off) go.
 */
export async function replaceChartCounting(
  db: DB,
  generation: number,
  periods: readonly { period: string; since: string | null; mean: number }[],
  computedAt: string,
  topWeight: ReadonlyMap<string, number>,
): Promise<void> {
  const last = await db
    .selectFrom('chart_counting')
    .select((eb) => eb.fn.max('generation').as('g'))
    .executeTakeFirst();
  const kept = [generation, Number(last?.g ?? generation)];
  await db.transaction().execute(async (trx) => {
    for (const { period, since, mean } of periods) {
      await trx
        .insertInto('chart_counting')
        .values({ period, generation, since, mean, computed_at: computedAt, top_weight: topWeight.get(period) ?? 1 })
        .onConflict((oc) =>
          oc.column('period').doUpdateSet({ generation, since, mean, computed_at: computedAt, top_weight: topWeight.get(period) ?? 1 }),
        )
        .execute();
    }
  });
  await db.deleteFrom('chart_entry').where('generation', 'not in', kept).execute();
}
