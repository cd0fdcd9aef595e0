import { sql, type ExpressionBuilder } from 'kysely';
import type { AlbumRow, Database, TrackRow } from '../../db/schema.ts';
import { stepCounts } from '../../db/rating-steps.ts';
import { precompiled } from '../../platform/db/precompiled.ts';
import type { DB } from '../../platform/db/index.ts';
import { inJsonList, jsonArrayOf, jsonRows, jsonList } from '../../platform/db/json-arrays.ts';
import { inIdRange, type IdRange } from '../../platform/db/id-ranges.ts';

/** Albums by id or slug, with their credits, genres and tracks: what album cards and the album page are made from. */

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

/**
 * What an album card reads of the album's row (and an artist's page: the MusicBrainz id and secondary types). Cards
 * are read twenty at a time by search, the feed and every list; the whole row, with its description and links, took
 * half as long again to read.
 */
const CARD_COLUMNS = [
  'id',
  'slug',
  'title',
  'artist_credit',
  'release_date',
  'release_year',
  'release_type',
  'cover_status',
  'rating_average',
  'rating_count',
  'review_count',
  'mbid',
  'secondary_types',
] as const;

export type CardAlbumRow = Pick<AlbumRow, (typeof CARD_COLUMNS)[number]>;

/** An album's row (a card's columns, or all of them for its page) with its credits and genres. */
export interface HydratedAlbum<Row extends CardAlbumRow = CardAlbumRow> {
  album: Row;
  credits: CreditRow[];
  genres: AlbumGenreRow[];
}

/** An album card's row with its credits and genres, and the viewer's own rating (null: none, or no viewer). */
export interface CardAlbum extends HydratedAlbum {
  viewerRating: number | null;
}

/**
 * Albums with their credits and genres, and `viewerId`'s rating of each, in the order of the ids given (unknown ids
 * are skipped): one statement, the lists as JSON arrays, where it took four (a search's cards waited for four round
 * trips on PostgreSQL).
 */
export async function hydrateAlbums(db: DB, ids: readonly string[], viewerId?: string): Promise<CardAlbum[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const idList = jsonList(unique);
  const rows = viewerId ? await cardRowsWithRating(db, idList, viewerId) : await cardRows(db, idList);
  const byId = new Map(
    rows.map(({ credit_rows, genre_rows, viewer_rating, ...album }) => [
      album.id,
      {
        album: album as CardAlbumRow,
        credits: jsonRows<CreditRow>(credit_rows),
        genres: jsonRows<AlbumGenreRow>(genre_rows),
        viewerRating: viewer_rating === null || viewer_rating === undefined ? null : Number(viewer_rating),
      },
    ]),
  );
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The albums whose ids are in `idList` (a JSON array: one value, so the statement's text never changes and it is
 * compiled once and kept prepared) with their credits and genres, which each album row carries (decision 049).
 */
function cardRowsQuery(db: DB, idList: string) {
  return db
    .selectFrom('album')
    .select(CARD_COLUMNS)
    .select(['credits_json as credit_rows', 'genres_json as genre_rows'])
    .where(inJsonList(db, 'album.id', idList));
}

const cardRows = precompiled((db, idList: string) => cardRowsQuery(db, idList).select(sql<null>`null`.as('viewer_rating')));

const cardRowsWithRating = precompiled((db, idList: string, viewerId: string) =>
  cardRowsQuery(db, idList).select((eb) =>
    eb
      .selectFrom('rating')
      .select('rating.rating')
      .where('rating.user_id', '=', viewerId)
      .whereRef('rating.album_id', '=', 'album.id')
      .as('viewer_rating'),
  ),
);

export type PageTrack = Pick<TrackRow, 'disc' | 'position' | 'title' | 'duration_ms'>;

/**
 * An album by id or slug with its credits, genres, tracks and rating distribution, in one statement (the album page):
 * the lists come as JSON arrays, so a page costs one round trip instead of five.
 */
export async function findAlbumPage(
  db: DB,
  ref: string,
): Promise<(HydratedAlbum<AlbumRow> & { tracks: PageTrack[]; distribution: Map<number, number> }) | undefined> {
  const [row] = await albumPageRow(db, ref);
  if (!row) return undefined;
  const { credits_json, genres_json, track_rows, ...album } = row;
  return {
    album: album as AlbumRow,
    credits: jsonRows<CreditRow>(credits_json),
    genres: jsonRows<AlbumGenreRow>(genres_json),
    tracks: jsonRows<PageTrack>(track_rows),
    distribution: stepCounts(album),
  };
}

/** The album (with its credits and genres, decision 049) and its tracks in one statement; compiled once (every album page runs it). */
const albumPageRow = precompiled((db, ref: string) => {
  return db
    .selectFrom('album')
    .selectAll('album')
    .select((eb) => [
      jsonArrayOf(db)(
        eb
          .selectFrom('track')
          .select(['track.disc', 'track.position', 'track.title', 'track.duration_ms'])
          .whereRef('track.album_id', '=', 'album.id')
          .orderBy('track.disc')
          .orderBy('track.position'),
      ).as('track_rows'),
    ])
    .where('album.id', '=', (eb) => idOfRef(eb, ref));
});

/**
 * The id of the album whose id or slug is `ref`, as a scalar: two index lookups. `id = ref or slug = ref` makes
 * SQLite merge two index results into a row set, several times the cost.
 */
function idOfRef(eb: ExpressionBuilder<Database, 'album'>, ref: string) {
  return eb.fn.coalesce(
    eb.selectFrom('album as by_id').select('by_id.id').where('by_id.id', '=', ref),
    eb.selectFrom('album as by_slug').select('by_slug.id').where('by_slug.slug', '=', ref),
  );
}

/** Every rating, review and list entry of an album starts here: a statement compiled once. */
const albumIdOfRef = precompiled((db, ref: string) =>
  db
    .selectFrom('album')
    .select('id')
    .where('id', '=', (eb) => idOfRef(eb, ref)),
);

export async function findAlbumIdByRef(db: DB, ref: string): Promise<string | undefined> {
  const [row] = await albumIdOfRef(db, ref);
  return row?.id;
}

/** Every album in the catalog, pending ones included. */
export async function countAlbums(db: DB): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Confirmed albums whose id is in the range: one sitemap's share of the catalog. */
export async function albumSlugsWithIdsBetween(db: DB, range: IdRange) {
  return inIdRange(db.selectFrom('album').select(['slug', 'updated_at']).where('status', '=', 'confirmed'), range).execute();
}
