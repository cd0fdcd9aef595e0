import { sql } from 'kysely';
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

/** Albums waiting for confirmation, as the partial index `album_pending_idx` is defined (a literal, so it is used). */
const pending = sql<boolean>`album.status <> 'confirmed'`;

/**
 * Album counts of every genre; rule genres ("New") are counted by their rule. Only confirmed albums count:
 * every album of a genre less the pending ones, two index walks rather than a lookup per album.
 */
export async function genreAlbumCounts(db: DB, currentYear: number) {
  const [genres, assigned, assignedPending] = await Promise.all([
    db.selectFrom('genre').select(['id', 'slug', 'name', 'kind', 'rule']).execute(),
    db
      .selectFrom('album_genre')
      .select((eb) => ['genre_id', eb.fn.countAll<number>().as('n')])
      .groupBy('genre_id')
      .execute(),
    // Led by the pending albums (few), never by the genre's rows.
    db
      .selectFrom('album_genre')
      .select((eb) => ['genre_id', eb.fn.countAll<number>().as('n')])
      .where('album_id', 'in', db.selectFrom('album').select('id').where(pending))
      .groupBy('genre_id')
      .execute(),
  ]);
  const counts = new Map(assigned.map((row) => [row.genre_id, Number(row.n)]));
  for (const row of assignedPending) counts.set(row.genre_id, (counts.get(row.genre_id) ?? 0) - Number(row.n));
  const result = [];
  for (const genre of genres) {
    const earliestYear = earliestYearOfRule(genre.rule, currentYear);
    const albumCount = earliestYear === null ? (counts.get(genre.id) ?? 0) : await confirmedSince(db, earliestYear);
    result.push({ slug: genre.slug, name: genre.name, kind: genre.kind, albumCount });
  }
  return result;
}

/** Confirmed albums released in `year` or later. */
async function confirmedSince(db: DB, year: number): Promise<number> {
  const count = (query: typeof since) => query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const since = db.selectFrom('album').where('release_year', '>=', year);
  const [all, waiting] = await Promise.all([count(since), count(since.where(pending))]);
  return Number(all.n) - Number(waiting.n);
}
