import type { DB } from '../../platform/db/index.ts';
import { inIdRange, type IdRange } from '../../platform/db/id-ranges.ts';

/** Artists: the artist page, artist cards with their totals and top genres, and the most popular for browsing. */

export async function findArtistByRef(db: DB, ref: string) {
  return db
    .selectFrom('artist')
    .select([
      'id',
      'slug',
      'name',
      'mbid',
      'artist_type',
      'area',
      'begin_date',
      'end_date',
      'disambiguation',
      'members',
      'links',
      'musicbrainz_checked_at',
    ])
    .where((eb) => eb.or([eb('id', '=', ref), eb('slug', '=', ref)]))
    .executeTakeFirst();
}

/** The artist's release groups as MusicBrainz lists them (stored by the catalog's MusicBrainz refresh). */
export async function artistReleaseGroups(db: DB, artistId: string) {
  return db
    .selectFrom('artist_release_group')
    .select(['mbid', 'title', 'primary_type', 'secondary_types', 'first_release_date'])
    .where('artist_id', '=', artistId)
    .execute();
}

/** Slugs of catalog artists with these MusicBrainz ids, for linking a group's members to their pages. */
export async function artistSlugsByMbid(db: DB, mbids: readonly string[]): Promise<Map<string, string>> {
  if (mbids.length === 0) return new Map();
  const rows = await db
    .selectFrom('artist')
    .select(['mbid', 'slug'])
    .where('mbid', 'in', [...new Set(mbids)])
    .execute();
  return new Map(rows.flatMap((row) => (row.mbid ? [[row.mbid, row.slug] as const] : [])));
}

/** Every album of the artist's, pending ones too (the hydration layer's `albumListed` decides whom each is listed to). */
export async function artistAlbumIds(db: DB, artistId: string): Promise<string[]> {
  const rows = await db.selectFrom('album_artist').select('album_id').distinct().where('artist_id', '=', artistId).execute();
  return rows.map((row) => row.album_id);
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
  const genresBy = Map.groupBy(genres, (row) => row.artist_id);
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

/** Confirmed artists whose id is in the range: one sitemap's share of the catalog. */
export async function artistSlugsWithIdsBetween(db: DB, range: IdRange) {
  return inIdRange(db.selectFrom('artist').select(['slug', 'updated_at']).where('status', '=', 'confirmed'), range).execute();
}
