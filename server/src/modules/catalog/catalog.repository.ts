import { sql } from 'kysely';
import type { AlbumConfirmation, AlbumRow, Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import type { Insertable, ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { earliestYearOfRule } from '../../db/genre-rules.ts';

/** The only place that queries catalog tables: albums, artists, credits, genres and tracks. */

export type NewArtist = Insertable<Database['artist']>;
export type NewGenre = Insertable<Database['genre']>;

export interface NewAlbumBundle {
  album: Insertable<Database['album']>;
  credits: { artistId: string; position: number; creditedName: string; joinPhrase: string }[];
  genreIds: string[];
  tracks: { disc: number; position: number; title: string; durationMs: number | null }[];
}

const BATCH = 400;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

export interface CatalogIndex {
  albumByMbid: Map<string, string>;
  albumByDiscogs: Map<number, string>;
  albumByKeyYear: Map<string, string>;
  albumSlugs: Set<string>;
  /** Pending album id -> the member whose import added it. */
  pendingAlbums: Map<string, string | null>;
  artistByMbid: Map<string, string>;
  artistByKey: Map<string, string>;
  artistSlugs: Set<string>;
}

/** Everything needed to tell whether an album or artist is already in the catalog, in one pass. */
export async function loadCatalogIndex(db: DB): Promise<CatalogIndex> {
  const albums = await db
    .selectFrom('album')
    .select(['id', 'slug', 'mbid', 'discogs_master_id', 'match_key', 'release_year', 'status', 'created_by'])
    .execute();
  const artists = await db.selectFrom('artist').select(['id', 'slug', 'mbid', 'match_key']).execute();
  const index: CatalogIndex = {
    albumByMbid: new Map(),
    albumByDiscogs: new Map(),
    albumByKeyYear: new Map(),
    albumSlugs: new Set(),
    pendingAlbums: new Map(),
    artistByMbid: new Map(),
    artistByKey: new Map(),
    artistSlugs: new Set(),
  };
  for (const album of albums) {
    index.albumSlugs.add(album.slug);
    if (album.mbid) index.albumByMbid.set(album.mbid, album.id);
    if (album.discogs_master_id !== null) index.albumByDiscogs.set(album.discogs_master_id, album.id);
    index.albumByKeyYear.set(`${album.match_key}|${album.release_year ?? ''}`, album.id);
    if (album.status === 'pending') index.pendingAlbums.set(album.id, album.created_by);
  }
  for (const artist of artists) {
    index.artistSlugs.add(artist.slug);
    if (artist.mbid) index.artistByMbid.set(artist.mbid, artist.id);
    if (!index.artistByKey.has(artist.match_key)) index.artistByKey.set(artist.match_key, artist.id);
  }
  return index;
}

export async function listGenreIds(db: DB): Promise<Map<string, string>> {
  const rows = await db.selectFrom('genre').select(['id', 'slug']).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function insertGenres(db: DB, genres: readonly NewGenre[]): Promise<void> {
  await insertInBatches(genres, (batch) => db.insertInto('genre').values(batch).execute());
}

export async function insertArtists(db: DB, artists: readonly NewArtist[]): Promise<void> {
  await insertInBatches(artists, (batch) => db.insertInto('artist').values(batch).execute());
}

export async function insertAlbumBundles(db: DB, bundles: readonly NewAlbumBundle[], newTrackId: () => string): Promise<void> {
  await insertInBatches(bundles, async (batch) => {
    await db
      .insertInto('album')
      .values(batch.map((bundle) => bundle.album))
      .execute();
    const credits = batch.flatMap((bundle) =>
      bundle.credits.map((credit) => ({
        album_id: bundle.album.id,
        artist_id: credit.artistId,
        position: credit.position,
        credited_name: credit.creditedName,
        join_phrase: credit.joinPhrase,
      })),
    );
    await insertInBatches(credits, (rows) => db.insertInto('album_artist').values(rows).execute());
    const genres = batch.flatMap((bundle) =>
      bundle.genreIds.map((genreId, position) => ({ album_id: bundle.album.id, genre_id: genreId, position })),
    );
    await insertInBatches(genres, (rows) => db.insertInto('album_genre').values(rows).execute());
    const tracks = batch.flatMap((bundle) =>
      bundle.tracks.map((track) => ({
        id: newTrackId(),
        album_id: bundle.album.id,
        disc: track.disc,
        position: track.position,
        title: track.title,
        duration_ms: track.durationMs,
      })),
    );
    await insertInBatches(tracks, (rows) => db.insertInto('track').values(rows).execute());
  });
}

export interface Confirmation {
  by: AlbumConfirmation;
  now: string;
  /** Leaves out albums this member's own import added: they confirm nothing by finding them again. */
  exceptAddedBy?: string;
}

/** Marks the pending albums among `ids` confirmed; returns those it changed. */
export async function confirmAlbums(db: DB, ids: readonly string[], confirmation: Confirmation) {
  const confirmed: { id: string; title: string; artist_credit: string }[] = [];
  for (let start = 0; start < ids.length; start += BATCH) {
    let query = db
      .updateTable('album')
      .set({ status: 'confirmed', confirmed_at: confirmation.now, confirmed_by: confirmation.by, updated_at: confirmation.now })
      .where('id', 'in', ids.slice(start, start + BATCH))
      .where('status', '=', 'pending');
    const member = confirmation.exceptAddedBy;
    if (member !== undefined) query = query.where((eb) => eb.or([eb('created_by', 'is', null), eb('created_by', '<>', member)]));
    confirmed.push(...(await query.returning(['id', 'title', 'artist_credit']).execute()));
  }
  return confirmed;
}

/** Marks the pending artists credited on these albums confirmed; returns those it changed. */
export async function confirmArtistsOf(db: DB, albumIds: readonly string[], now: string) {
  const confirmed: { id: string; name: string }[] = [];
  for (let start = 0; start < albumIds.length; start += BATCH) {
    const credited = db
      .selectFrom('album_artist')
      .select('artist_id')
      .where('album_id', 'in', albumIds.slice(start, start + BATCH));
    confirmed.push(
      ...(await db
        .updateTable('artist')
        .set({ status: 'confirmed', updated_at: now })
        .where('status', '=', 'pending')
        .where('id', 'in', credited)
        .returning(['id', 'name'])
        .execute()),
    );
  }
  return confirmed;
}

/** How many albums this member's imports added since the given instant (confirmed since or not). */
export async function countAlbumsAddedBy(db: DB, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pending albums the member with this username added. */
export async function pendingAlbumIdsAddedBy(db: DB, username: string): Promise<string[]> {
  const rows = await db
    .selectFrom('album')
    .innerJoin('user', 'user.id', 'album.created_by')
    .select('album.id')
    .where('user.username', '=', username)
    .where('album.status', '=', 'pending')
    .execute();
  return rows.map((row) => row.id);
}

/** Members with albums waiting for confirmation, and how many, most first. */
export async function pendingAlbumCounts(db: DB) {
  const rows = await db
    .selectFrom('album')
    .leftJoin('user', 'user.id', 'album.created_by')
    .select((eb) => ['user.username', eb.fn.countAll<number>().as('n')])
    .where('album.status', '=', 'pending')
    .groupBy('user.username')
    .orderBy('n', 'desc')
    .execute();
  return rows.map((row) => ({ username: row.username, count: Number(row.n) }));
}

// ---------------------------------------------------------------------------------------------
// Reads

export interface CreditRow {
  album_id: string;
  artist_id: string;
  slug: string;
  name: string;
  credited_name: string;
  join_phrase: string;
  position: number;
}

export interface AlbumGenreRow {
  album_id: string;
  slug: string;
  name: string;
  kind: 'genre' | 'style';
}

export interface HydratedAlbum {
  album: AlbumRow;
  credits: CreditRow[];
  genres: AlbumGenreRow[];
}

/** Albums with their credits and genres, in the order of the ids given; unknown ids are skipped. */
export async function hydrateAlbums(db: DB, ids: readonly string[]): Promise<HydratedAlbum[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [albums, credits, genres] = await Promise.all([
    db.selectFrom('album').selectAll().where('id', 'in', unique).execute(),
    db
      .selectFrom('album_artist')
      .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
      .select([
        'album_artist.album_id',
        'album_artist.artist_id',
        'artist.slug',
        'artist.name',
        'album_artist.credited_name',
        'album_artist.join_phrase',
        'album_artist.position',
      ])
      .where('album_artist.album_id', 'in', unique)
      .orderBy('album_artist.position')
      .execute(),
    db
      .selectFrom('album_genre')
      .innerJoin('genre', 'genre.id', 'album_genre.genre_id')
      .select(['album_genre.album_id', 'genre.slug', 'genre.name', 'genre.kind'])
      .where('album_genre.album_id', 'in', unique)
      .orderBy('album_genre.position')
      .execute(),
  ]);
  const byId = new Map(albums.map((album) => [album.id, album]));
  const creditsBy = groupBy(credits, (credit) => credit.album_id);
  const genresBy = groupBy(genres, (genre) => genre.album_id);
  return unique.flatMap((id) => {
    const album = byId.get(id);
    return album ? [{ album, credits: creditsBy.get(id) ?? [], genres: genresBy.get(id) ?? [] }] : [];
  });
}

export async function findAlbumIdByRef(db: DB, ref: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('album')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', ref), eb('slug', '=', ref)]))
    .executeTakeFirst();
  return row?.id;
}

export async function listTracks(db: DB, albumId: string) {
  return db
    .selectFrom('track')
    .select(['disc', 'position', 'title', 'duration_ms'])
    .where('album_id', '=', albumId)
    .orderBy('disc')
    .orderBy('position')
    .execute();
}

export interface AlbumFilters {
  genreSlug?: string;
  decade?: number;
  year?: number;
  yearBefore?: number;
  releaseType?: string;
  minRating?: number;
  ids?: readonly string[];
  excludeIds?: readonly string[];
}

export type AlbumSort = 'rating' | 'popularity' | 'release_date' | 'title' | 'recent';

export interface GenreFilter {
  id: string;
  rule: string | null;
}

export async function findGenre(db: DB, slug: string): Promise<(GenreFilter & { slug: string; name: string }) | undefined> {
  return db.selectFrom('genre').select(['id', 'slug', 'name', 'rule']).where('slug', '=', slug).executeTakeFirst();
}

/** The where-clause for album filters; a rule genre ("New") becomes a release-year condition. */
export function albumFilterExpression(
  eb: ExpressionBuilder<Database, 'album'>,
  filters: AlbumFilters,
  genre: GenreFilter | undefined,
  currentYear: number,
): Expression<SqlBool> {
  // Every list built from these filters is public: albums waiting for confirmation stay out of them.
  const conditions: Expression<SqlBool>[] = [eb('album.status', '=', 'confirmed')];
  if (genre) {
    const earliestYear = earliestYearOfRule(genre.rule, currentYear);
    if (earliestYear !== null) conditions.push(eb('album.release_year', '>=', earliestYear));
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
}

export async function listAlbumIds(db: DB, options: ListAlbumsOptions): Promise<{ ids: string[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, 'album'>) =>
    albumFilterExpression(eb, options.filters, options.genre, options.currentYear);
  const desc = options.order === 'desc';
  let query = db.selectFrom('album').select('album.id').where(where);
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
  const [rows, count] = await Promise.all([
    query.orderBy('album.id').limit(options.limit).offset(options.offset).execute(),
    db
      .selectFrom('album')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(count.total) };
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

export async function countAlbums(db: DB): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Album counts for the given genre slugs; rule genres ("New") are counted by their rule. */
export async function genreAlbumCounts(db: DB, currentYear: number, slugs?: readonly string[]) {
  let genresQuery = db.selectFrom('genre').select(['id', 'slug', 'name', 'kind', 'rule']);
  if (slugs) genresQuery = genresQuery.where('slug', 'in', slugs.length ? [...slugs] : ['']);
  const genres = await genresQuery.execute();
  const assigned = await db
    .selectFrom('album_genre')
    .innerJoin('album', 'album.id', 'album_genre.album_id')
    .select((eb) => ['album_genre.genre_id', eb.fn.countAll<number>().as('n')])
    .where('album_genre.genre_id', 'in', genres.length ? genres.map((genre) => genre.id) : [''])
    .where('album.status', '=', 'confirmed')
    .groupBy('album_genre.genre_id')
    .execute();
  const counts = new Map(assigned.map((row) => [row.genre_id, Number(row.n)]));
  const result = [];
  for (const genre of genres) {
    let albumCount = counts.get(genre.id) ?? 0;
    const earliestYear = earliestYearOfRule(genre.rule, currentYear);
    if (earliestYear !== null) {
      const row = await db
        .selectFrom('album')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('release_year', '>=', earliestYear)
        .where('status', '=', 'confirmed')
        .executeTakeFirstOrThrow();
      albumCount = Number(row.n);
    }
    result.push({ slug: genre.slug, name: genre.name, kind: genre.kind, albumCount });
  }
  return result;
}

export async function findArtistByRef(db: DB, ref: string) {
  return db
    .selectFrom('artist')
    .select(['id', 'slug', 'name', 'mbid'])
    .where((eb) => eb.or([eb('id', '=', ref), eb('slug', '=', ref)]))
    .executeTakeFirst();
}

/** The artist's confirmed albums, and those still pending that the viewer's own import added. */
export async function artistAlbumIds(db: DB, artistId: string, viewerId: string | undefined): Promise<string[]> {
  const rows = await db
    .selectFrom('album_artist')
    .innerJoin('album', 'album.id', 'album_artist.album_id')
    .select('album.id')
    .distinct()
    .where('album_artist.artist_id', '=', artistId)
    .where((eb) =>
      viewerId === undefined
        ? eb('album.status', '=', 'confirmed')
        : eb.or([eb('album.status', '=', 'confirmed'), eb('album.created_by', '=', viewerId)]),
    )
    .execute();
  return rows.map((row) => row.id);
}

export interface ArtistSummaryRow {
  id: string;
  slug: string;
  name: string;
  albumCount: number;
  ratingSum: number;
  ratingCount: number;
  genres: { slug: string; name: string }[];
}

/** Name, count and rating totals of confirmed albums, and the three most common genres of each artist, in the order given. */
export async function artistSummaries(db: DB, ids: readonly string[]): Promise<ArtistSummaryRow[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [artists, totals, genres] = await Promise.all([
    db.selectFrom('artist').select(['id', 'slug', 'name']).where('id', 'in', unique).execute(),
    db
      .selectFrom('album_artist')
      .innerJoin('album', 'album.id', 'album_artist.album_id')
      .select((eb) => [
        'album_artist.artist_id',
        eb.fn.count<number>('album.id').distinct().as('albums'),
        eb.fn.sum<number>('album.rating_sum').as('rating_sum'),
        eb.fn.sum<number>('album.rating_count').as('rating_count'),
      ])
      .where('album_artist.artist_id', 'in', unique)
      .where('album.status', '=', 'confirmed')
      .groupBy('album_artist.artist_id')
      .execute(),
    db
      .selectFrom('album_artist')
      .innerJoin('album', 'album.id', 'album_artist.album_id')
      .innerJoin('album_genre', 'album_genre.album_id', 'album_artist.album_id')
      .innerJoin('genre', 'genre.id', 'album_genre.genre_id')
      .select((eb) => ['album_artist.artist_id', 'genre.slug', 'genre.name', eb.fn.countAll<number>().as('n')])
      .where('album_artist.artist_id', 'in', unique)
      .where('album.status', '=', 'confirmed')
      .where('genre.kind', '=', 'genre')
      .where('genre.rule', 'is', null)
      .groupBy(['album_artist.artist_id', 'genre.slug', 'genre.name'])
      .execute(),
  ]);
  const totalsBy = new Map(totals.map((row) => [row.artist_id, row]));
  const genresBy = groupBy(genres, (row) => row.artist_id);
  const byId = new Map(artists.map((artist) => [artist.id, artist]));
  return unique.flatMap((id) => {
    const artist = byId.get(id);
    if (!artist) return [];
    const total = totalsBy.get(id);
    const topGenres = (genresBy.get(id) ?? [])
      .sort((a, b) => Number(b.n) - Number(a.n) || a.name.localeCompare(b.name))
      .slice(0, 3)
      .map(({ slug, name }) => ({ slug, name }));
    return [
      {
        ...artist,
        albumCount: Number(total?.albums ?? 0),
        ratingSum: Number(total?.rating_sum ?? 0),
        ratingCount: Number(total?.rating_count ?? 0),
        genres: topGenres,
      },
    ];
  });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

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

/** Artists with the most albums in the catalog (then the most ratings), for browsing and onboarding. */
export async function popularArtistIds(db: DB, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('album_artist')
      .innerJoin('album', 'album.id', 'album_artist.album_id')
      .select([
        'album_artist.artist_id',
        (eb) => eb.fn.countAll<number>().as('albums'),
        (eb) => eb.fn.sum<number>('album.rating_count').as('ratings'),
      ])
      .where('album.status', '=', 'confirmed')
      .groupBy('album_artist.artist_id')
      .orderBy('albums', 'desc')
      .orderBy('ratings', 'desc')
      .orderBy('album_artist.artist_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('artist')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.artist_id), total: Number(count.n) };
}
