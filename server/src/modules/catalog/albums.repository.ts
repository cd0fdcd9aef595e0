import type { AlbumRow } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

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
  const creditsBy = Map.groupBy(credits, (credit) => credit.album_id);
  const genresBy = Map.groupBy(genres, (genre) => genre.album_id);
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

/** Every album in the catalog, pending ones included. */
export async function countAlbums(db: DB): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
