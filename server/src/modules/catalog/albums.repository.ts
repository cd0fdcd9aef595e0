import type { ExpressionBuilder } from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import type { AlbumRow, Database, TrackRow } from '../../db/schema.ts';
import { stepCounts } from '../../db/rating-steps.ts';
import { precompiled } from '../../platform/db/precompiled.ts';
import { dialectOf, type DB } from '../../platform/db/index.ts';

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

/** What an album's credit reads of its artists: the album page and album cards alike. */
const CREDIT_COLUMNS = [
  'album_artist.album_id',
  'album_artist.artist_id',
  'artist.slug',
  'artist.name',
  'album_artist.credited_name',
  'album_artist.join_phrase',
  'album_artist.position',
] as const;

/** Albums with their credits and genres, in the order of the ids given; unknown ids are skipped. */
export async function hydrateAlbums(db: DB, ids: readonly string[]): Promise<HydratedAlbum[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [albums, credits, genres] = await Promise.all([
    db.selectFrom('album').select(CARD_COLUMNS).where('id', 'in', unique).execute(),
    db
      .selectFrom('album_artist')
      .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
      .select(CREDIT_COLUMNS)
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
  const creditsBy = Map.groupBy(credits, (credit) => credit.album_id);
  const genresBy = Map.groupBy(genres, (genre) => genre.album_id);
  return unique.flatMap((id) => {
    const album = byId.get(id);
    return album ? [{ album, credits: creditsBy.get(id) ?? [], genres: genresBy.get(id) ?? [] }] : [];
  });
}

export type PageTrack = Pick<TrackRow, 'disc' | 'position' | 'title' | 'duration_ms'>;

/** JSON arrays come back as text from SQLite and parsed from PostgreSQL. */
const jsonRows = <T>(value: unknown): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []));

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
  const { credit_rows, genre_rows, track_rows, ...album } = row;
  return {
    album: album as AlbumRow,
    credits: jsonRows<CreditRow>(credit_rows),
    genres: jsonRows<AlbumGenreRow>(genre_rows),
    tracks: jsonRows<PageTrack>(track_rows),
    distribution: stepCounts(album),
  };
}

/** The album with its credits, genres and tracks in one statement; compiled once (every album page runs it). */
const albumPageRow = precompiled((db, ref: string) => {
  const jsonArrayFrom = dialectOf(db) === 'postgres' ? postgresJsonArray : sqliteJsonArray;
  return db
    .selectFrom('album')
    .selectAll('album')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('album_artist')
          .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
          .select(CREDIT_COLUMNS)
          .whereRef('album_artist.album_id', '=', 'album.id')
          .orderBy('album_artist.position'),
      ).as('credit_rows'),
      jsonArrayFrom(
        eb
          .selectFrom('album_genre')
          .innerJoin('genre', 'genre.id', 'album_genre.genre_id')
          .select(['album_genre.album_id', 'genre.slug', 'genre.name', 'genre.kind'])
          .whereRef('album_genre.album_id', '=', 'album.id')
          .orderBy('album_genre.position'),
      ).as('genre_rows'),
      jsonArrayFrom(
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

export async function findAlbumIdByRef(db: DB, ref: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('album')
    .select('id')
    .where('id', '=', (eb) => idOfRef(eb, ref))
    .executeTakeFirst();
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
