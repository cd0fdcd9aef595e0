import type { DB } from '../../platform/db/index.ts';
import { earliestYearOfRule } from '../../db/genre-rules.ts';

/** Genres: the one a filter names, and how many confirmed albums each has. */

export interface GenreFilter {
  id: string;
  rule: string | null;
}

export async function findGenre(db: DB, slug: string): Promise<(GenreFilter & { slug: string; name: string }) | undefined> {
  return db.selectFrom('genre').select(['id', 'slug', 'name', 'rule']).where('slug', '=', slug).executeTakeFirst();
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
