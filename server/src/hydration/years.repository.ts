import type { DB } from '../platform/db/index.ts';
import { albumListed } from './visibility.repository.ts';

/**
 * A person's ratings of one year aggregated over what the catalog says of their albums (decision 066): the genres and
 * the release years. Each aggregate is one statement joining the person's ratings of the year (a range of
 * rating_user_updated_idx, which holds created_at) to their albums' genres or release years, and only the albums the
 * viewer may come across count (`albumListed`).
 */

export interface RatingYear {
  userId: string;
  /** ISO instants: the first of the year and the first of the next, UTC. */
  from: string;
  to: string;
  /** Pending albums count only for the member whose import added them; for a visitor, none. */
  viewerId: string | undefined;
}

function ratingsOfYear(db: DB, window: RatingYear) {
  return db
    .selectFrom('rating')
    .where('rating.user_id', '=', window.userId)
    .where('rating.created_at', '>=', window.from)
    .where('rating.created_at', '<', window.to)
    .where(albumListed(window.viewerId, 'rating.album_id'));
}

/** Broad genres (not styles) of the albums rated that year, by how many of them carry each. */
export async function topGenres(db: DB, window: RatingYear, limit: number) {
  const rows = await ratingsOfYear(db, window)
    .innerJoin('album_genre', 'album_genre.album_id', 'rating.album_id')
    .innerJoin('genre', 'genre.id', 'album_genre.genre_id')
    .where('genre.kind', '=', 'genre')
    // "New" is a moving rule of the catalog, not a genre anyone listened to in a past year.
    .where('genre.rule', 'is', null)
    .select((eb) => ['genre.slug', 'genre.name', eb.fn.count<number>('rating.album_id').distinct().as('n')])
    .groupBy(['genre.id', 'genre.slug', 'genre.name'])
    .orderBy('n', 'desc')
    .orderBy('genre.name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ slug: row.slug, name: row.name, count: Number(row.n) }));
}

/** Albums rated that year per release year. */
export async function releaseYears(db: DB, window: RatingYear) {
  const rows = await ratingsOfYear(db, window)
    .innerJoin('album', 'album.id', 'rating.album_id')
    .where('album.release_year', 'is not', null)
    .select((eb) => ['album.release_year', eb.fn.countAll<number>().as('n')])
    .groupBy('album.release_year')
    .execute();
  return rows.map((row) => ({ year: Number(row.release_year), count: Number(row.n) }));
}
