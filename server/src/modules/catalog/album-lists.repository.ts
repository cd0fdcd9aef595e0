import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { earliestYearOfRule } from '../../db/genre-rules.ts';
import type { GenreFilter } from './genres.repository.ts';

/**
 * Filtered, sorted lists of album ids: Explore, Discover's quiet-week fallback, the filters of search.
 * The filters' where-clause is shared with the charts.
 */

export interface AlbumFilters {
  genreSlug?: string;
  decade?: number;
  year?: number;
  yearBefore?: number;
  releaseType?: string;
  minRating?: number;
  ids?: readonly string[];
  excludeIds?: readonly string[];
  /**
   * Leaves out the albums a person has rated (Discover shows a member what they have not heard): the ratings' condition
   * on a column naming an album (`RatingLookup['notRatedBy']`).
   */
  notRated?: (albumColumn: string) => Expression<SqlBool>;
  /** Albums crediting any of these artists. */
  artistIds?: readonly string[];
}

export type AlbumSort = 'rating' | 'popularity' | 'release_date' | 'title' | 'recent';

/**
 * How a genre filter is asked. `per album`: each album of the scan is looked up in the genre (right when the scan
 * follows an index in the list's own order and stops after a page). `from the genre`: the genre's albums are the
 * scan (right for counts and for orders no index gives, where it reads far fewer rows).
 * PostgreSQL plans both forms alike.
 */
export type GenreLookup = 'per album' | 'from the genre';

/** The where-clause for album filters; a rule genre ("New") becomes a release-year condition. */
export function albumFilterExpression(
  eb: ExpressionBuilder<Database, 'album'>,
  filters: AlbumFilters,
  genre: GenreFilter | undefined,
  currentYear: number,
  genreLookup: GenreLookup = 'per album',
): Expression<SqlBool> {
  // Every list built from these filters is public: albums waiting for confirmation stay out of them.
  const conditions: Expression<SqlBool>[] = [eb('album.status', '=', 'confirmed')];
  if (genre) {
    const earliestYear = earliestYearOfRule(genre.rule, currentYear);
    if (earliestYear !== null) conditions.push(eb('album.release_year', '>=', earliestYear));
    else if (genreLookup === 'from the genre')
      conditions.push(
        eb('album.id', 'in', eb.selectFrom('album_genre').select('album_genre.album_id').where('album_genre.genre_id', '=', genre.id)),
      );
    else
      conditions.push(
        eb.exists(
          eb
            .selectFrom('album_genre')
            .select(sql`1`.as('one'))
            .whereRef('album_genre.album_id', '=', 'album.id')
            .where('album_genre.genre_id', '=', genre.id),
        ),
      );
  }
  if (filters.decade !== undefined) {
    conditions.push(eb('album.release_year', '>=', filters.decade), eb('album.release_year', '<=', filters.decade + 9));
  }
  if (filters.year !== undefined) conditions.push(eb('album.release_year', '=', filters.year));
  if (filters.yearBefore !== undefined) conditions.push(eb('album.release_year', '<', filters.yearBefore));
  if (filters.releaseType) conditions.push(eb('album.release_type', '=', filters.releaseType));
  if (filters.minRating !== undefined) conditions.push(eb('album.rating_average', '>=', filters.minRating));
  if (filters.ids) conditions.push(eb('album.id', 'in', filters.ids.length ? [...filters.ids] : ['']));
  if (filters.excludeIds?.length) conditions.push(eb('album.id', 'not in', [...filters.excludeIds]));
  if (filters.artistIds) {
    const artistIds = filters.artistIds.length ? [...filters.artistIds] : [''];
    conditions.push(
      eb('album.id', 'in', eb.selectFrom('album_artist').select('album_artist.album_id').where('album_artist.artist_id', 'in', artistIds)),
    );
  }
  if (filters.notRated) conditions.push(filters.notRated('album.id'));
  return eb.and(conditions);
}

export interface ListAlbumsOptions {
  filters: AlbumFilters;
  genre: GenreFilter | undefined;
  sort: AlbumSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  currentYear: number;
  /** Prior for the weighted rating used by the rating sort. */
  prior: { weight: number; mean: number };
  /** The number of albums the filters match, when the caller knows it already: not counted again. */
  knownTotal?: number;
}

export async function listAlbumIds(db: DB, options: ListAlbumsOptions): Promise<{ ids: string[]; total: number }> {
  const where = (lookup: GenreLookup) => (eb: ExpressionBuilder<Database, 'album'>) =>
    albumFilterExpression(eb, options.filters, options.genre, options.currentYear, lookup);
  const desc = options.order === 'desc';
  // The popular list walks album_popular_idx in its own order and stops after the page.
  let query = db
    .selectFrom('album')
    .select('album.id')
    .where(where(options.sort === 'popularity' ? 'per album' : 'from the genre'));
  switch (options.sort) {
    case 'rating': {
      const { weight, mean } = options.prior;
      const weighted = sql<number>`(album.rating_sum + ${weight * mean}) / (album.rating_count + ${weight})`;
      query = query
        .orderBy(sql`case when album.rating_count > 0 then 0 else 1 end`)
        .orderBy(weighted, desc ? 'desc' : 'asc')
        .orderBy('album.rating_count', 'desc');
      break;
    }
    case 'popularity':
      query = query
        .orderBy('album.rating_count', desc ? 'desc' : 'asc')
        .orderBy('album.review_count', desc ? 'desc' : 'asc')
        .orderBy(sql`case when album.mbid is null then 1 else 0 end`)
        .orderBy('album.release_year', 'desc');
      break;
    case 'release_date':
      query = query
        .orderBy(sql`case when album.release_date is null then 1 else 0 end`)
        .orderBy('album.release_date', desc ? 'desc' : 'asc');
      break;
    case 'title':
      query = query.orderBy(sql`lower(album.title)`, desc ? 'desc' : 'asc');
      break;
    case 'recent':
      query = query.orderBy('album.created_at', desc ? 'desc' : 'asc');
      break;
  }
  const [rows, total] = await Promise.all([
    query.orderBy('album.id').limit(options.limit).offset(options.offset).execute(),
    options.knownTotal ??
      db
        .selectFrom('album')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(where('from the genre'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.total)),
  ]);
  return { ids: rows.map((row) => row.id), total };
}

export async function ratingPrior(db: DB): Promise<{ mean: number; ratings: number }> {
  const row = await db
    .selectFrom('album')
    .select((eb) => [eb.fn.sum<number>('rating_sum').as('sum'), eb.fn.sum<number>('rating_count').as('count')])
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  const count = Number(row.count ?? 0);
  return { mean: count > 0 ? Number(row.sum) / count : 7, ratings: count };
}

/**
 * The latest `count` release years of confirmed albums, newest first: the search's year filter. Each year is one
 * seek down `album_release_year_idx`, so this reads a few index entries, never the catalog.
 */
export async function latestReleaseYears(db: DB, count: number): Promise<number[]> {
  const years: number[] = [];
  let below: number | undefined;
  while (years.length < count) {
    let query = db.selectFrom('album').select('release_year').where('status', '=', 'confirmed').where('release_year', 'is not', null);
    if (below !== undefined) query = query.where('release_year', '<', below);
    const row = await query.orderBy('release_year', 'desc').limit(1).executeTakeFirst();
    if (row?.release_year == null) break;
    years.push(row.release_year);
    below = row.release_year;
  }
  return years;
}
