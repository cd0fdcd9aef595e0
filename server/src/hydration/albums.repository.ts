import { sql } from 'kysely';
import type { AlbumRow } from '../db/schema.ts';
import type { DB } from '../platform/db/index.ts';
import { inJsonList, jsonList, jsonRows } from '../platform/db/json-arrays.ts';
import { precompiled } from '../platform/db/precompiled.ts';

/** Albums by id with their credits and genres, and the viewer's rating of each: what every album card is made from. */

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
 * What an album card reads of the album's row (and an artist's page: the MusicBrainz id and secondary types; the
 * rules: whether it is pending and who added it). Cards are read twenty at a time by search, the feed and every list;
 * the whole row, with its description and links, took half as long again to read.
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
  'status',
  'created_by',
] as const;

export type CardAlbumRow = Pick<AlbumRow, (typeof CARD_COLUMNS)[number]>;

/** An album's row (a card's columns, or all of them for its page) with its credits and genres. */
export interface AlbumWithCredits<Row extends CardAlbumRow = CardAlbumRow> {
  album: Row;
  credits: CreditRow[];
  genres: AlbumGenreRow[];
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

/**
 * Albums with their credits and genres, and `viewerId`'s rating of each (null: none, or no viewer), unknown ids
 * skipped: one statement, the lists as JSON arrays, where it took four.
 */
export async function albums(
  db: DB,
  ids: readonly string[],
  viewerId: string | undefined,
): Promise<(AlbumWithCredits & { viewerRating: number | null })[]> {
  if (ids.length === 0) return [];
  const idList = jsonList(ids);
  const rows = viewerId ? await cardRowsWithRating(db, idList, viewerId) : await cardRows(db, idList);
  return rows.map(({ credit_rows, genre_rows, viewer_rating, ...album }) => ({
    album: album as CardAlbumRow,
    credits: jsonRows<CreditRow>(credit_rows),
    genres: jsonRows<AlbumGenreRow>(genre_rows),
    viewerRating: viewer_rating === null || viewer_rating === undefined ? null : Number(viewer_rating),
  }));
}

const ratingRows = precompiled((db, idList: string, viewerId: string) =>
  db
    .selectFrom('rating')
    .select(['rating.album_id', 'rating.rating'])
    .where('rating.user_id', '=', viewerId)
    .where(inJsonList(db, 'rating.album_id', idList)),
);

/** The viewer's ratings of these albums, for the cards whose albums were already at hand. */
export async function viewerRatings(db: DB, ids: readonly string[], viewerId: string): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ratingRows(db, jsonList(ids), viewerId);
  return new Map(rows.map((row) => [row.album_id, Number(row.rating)]));
}
