import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';

/** What the catalog offers a new member to start from (the onboarding): its genres, and the artists credited most. */

/** Genres (not styles) of the catalog by name, for the onboarding's genre step. */
export async function onboardingGenres(db: DB) {
  return db.selectFrom('genre').select(['slug', 'name']).where('kind', '=', 'genre').orderBy('name').execute();
}

/** Genres (and styles) by slug with their rule, for the onboarding's artist suggestions. */
export async function genresBySlug(db: DB, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  return db
    .selectFrom('genre')
    .select(['id', 'rule'])
    .where('slug', 'in', [...slugs])
    .execute();
}

/**
 * Artists credited on confirmed albums, most such albums first (then most rated, then by name), leaving out the names
 * given (lower case) and the ids already chosen. `albums` narrows to albums of some genres: assigned ones by id, rule
 * ones ("New") from a release year on.
 */
export async function suggestedArtists(
  db: DB,
  options: {
    albums?: { genreIds: readonly string[]; fromYears: readonly number[] };
    excludeNames: readonly string[];
    excludeIds: readonly string[];
    limit: number;
  },
) {
  let query = db
    .selectFrom('album_artist')
    .innerJoin('album', 'album.id', 'album_artist.album_id')
    .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
    .select([
      'artist.id',
      'artist.name',
      (eb) => eb.fn.count<number>('album.id').distinct().as('albums'),
      (eb) => eb.fn.sum<number>('album.rating_count').as('ratings'),
    ])
    .where('album.status', '=', 'confirmed')
    .where('artist.status', '=', 'confirmed')
    .where(sql`lower(artist.name)`, 'not in', [...options.excludeNames]);
  if (options.excludeIds.length) query = query.where('artist.id', 'not in', [...options.excludeIds]);
  const { albums } = options;
  if (albums) {
    query = query.where((eb) => {
      const conditions: Expression<SqlBool>[] = albums.fromYears.map((year) => eb('album.release_year', '>=', year));
      if (albums.genreIds.length)
        conditions.push(
          eb.exists(
            eb
              .selectFrom('album_genre')
              .select(sql`1`.as('one'))
              .whereRef('album_genre.album_id', '=', 'album.id')
              .where('album_genre.genre_id', 'in', [...albums.genreIds]),
          ),
        );
      return conditions.length ? eb.or(conditions) : sql<SqlBool>`1 = 0`;
    });
  }
  const rows = await query
    .groupBy(['artist.id', 'artist.name'])
    .orderBy('albums', 'desc')
    .orderBy('ratings', 'desc')
    .orderBy('artist.name')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, albumCount: Number(row.albums) }));
}

/** How many of these artist ids the catalog has. */
export async function countKnownArtists(db: DB, artistIds: readonly string[]): Promise<number> {
  return (await db.selectFrom('artist').select('id').where('id', 'in', artistIds).execute()).length;
}
