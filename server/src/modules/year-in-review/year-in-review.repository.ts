import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/**
 * One person's year, read as a handful of aggregates. Each query is a range on an index that starts with the person
 * (review_user_created_idx, journal_entry_user_day_idx, follow_followee_idx and the follow primary key), so a year
 * costs what that person did in it, never a scan of everyone's rows. Ratings are indexed by person and update time
 * (rating_user_updated_idx, which holds created_at): a year's ratings are found among the person's entries of that
 * index, and only their rows are read.
 */

export interface YearWindow {
  userId: string;
  /** ISO instants: the first of the year and the first of the next, UTC. */
  from: string;
  to: string;
  /** Journal days (YYYY-MM-DD), inclusive. */
  firstDay: string;
  lastDay: string;
  /** Pending albums are seen only by the member whose import added them (the catalog's rule); a visitor sees none. */
  viewerId: string | undefined;
}

function visibleAlbum(viewerId: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'album'>) =>
    viewerId === undefined
      ? eb('album.status', '=', 'confirmed')
      : eb.or([eb('album.status', '=', 'confirmed'), eb('album.created_by', '=', viewerId)]);
}

function ratingsOfYear(db: DB, window: YearWindow) {
  return db
    .selectFrom('rating')
    .innerJoin('album', 'album.id', 'rating.album_id')
    .where('rating.user_id', '=', window.userId)
    .where('rating.created_at', '>=', window.from)
    .where('rating.created_at', '<', window.to)
    .where(visibleAlbum(window.viewerId));
}

/** How many of each rating (1–10 in half steps) the year has. */
export async function ratingCounts(db: DB, window: YearWindow) {
  const rows = await ratingsOfYear(db, window)
    .select((eb) => ['rating.rating', eb.fn.countAll<number>().as('n')])
    .groupBy('rating.rating')
    .execute();
  return rows.map((row) => ({ rating: Number(row.rating), count: Number(row.n) }));
}

/** The year's highest ratings: best first, then the earlier rated. */
export async function topRated(db: DB, window: YearWindow, limit: number) {
  return ratingsOfYear(db, window)
    .select(['rating.album_id', 'rating.rating'])
    .orderBy('rating.rating', 'desc')
    .orderBy('rating.created_at', 'asc')
    .orderBy('rating.album_id')
    .limit(limit)
    .execute();
}

/** Broad genres (not styles) of the albums rated that year, by how many of them carry each. */
export async function topGenres(db: DB, window: YearWindow, limit: number) {
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

/** Albums rated that year per release year (folded into decades by the service). */
export async function releaseYears(db: DB, window: YearWindow) {
  const rows = await ratingsOfYear(db, window)
    .where('album.release_year', 'is not', null)
    .select((eb) => ['album.release_year', eb.fn.countAll<number>().as('n')])
    .groupBy('album.release_year')
    .execute();
  return rows.map((row) => ({ year: Number(row.release_year), count: Number(row.n) }));
}

/** Journal entries whose day falls in the year: in total, and the albums logged most (ties: the first logged). */
export async function listens(db: DB, window: YearWindow, limit: number) {
  const base = db
    .selectFrom('journal_entry')
    .innerJoin('album', 'album.id', 'journal_entry.album_id')
    .where('journal_entry.user_id', '=', window.userId)
    .where('journal_entry.listened_on', '>=', window.firstDay)
    .where('journal_entry.listened_on', '<=', window.lastDay)
    .where(visibleAlbum(window.viewerId));
  const [total, top] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select((eb) => ['journal_entry.album_id', eb.fn.countAll<number>().as('n'), eb.fn.min('journal_entry.listened_on').as('first')])
      .groupBy('journal_entry.album_id')
      .orderBy('n', 'desc')
      .orderBy('first')
      .orderBy('journal_entry.album_id')
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(total?.n ?? 0), top: top.map((row) => ({ albumId: row.album_id, listens: Number(row.n) })) };
}

/** Reviews written that year that moderators have not hidden: how many, and the one with the most likes. */
export async function reviews(db: DB, window: YearWindow) {
  const base = db
    .selectFrom('review')
    .innerJoin('album', 'album.id', 'review.album_id')
    .where('review.user_id', '=', window.userId)
    .where('review.created_at', '>=', window.from)
    .where('review.created_at', '<', window.to)
    .where('review.hidden_reason', 'is', null)
    .where(visibleAlbum(window.viewerId));
  const [count, best] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select([
        'review.id',
        'review.album_id',
        'review.title',
        'review.content_text',
        'review.rating',
        'review.like_count',
        'review.created_at',
      ])
      .orderBy('review.like_count', 'desc')
      .orderBy('review.created_at', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { count: Number(count?.n ?? 0), best };
}

/** Follows that began that year: people who started following them, and people they started following. */
export async function follows(db: DB, window: YearWindow) {
  const inYear = (column: 'follower_id' | 'followee_id') =>
    db
      .selectFrom('follow')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', window.userId)
      .where('created_at', '>=', window.from)
      .where('created_at', '<', window.to)
      .executeTakeFirst();
  const [followers, following] = await Promise.all([inYear('followee_id'), inYear('follower_id')]);
  return { followers: Number(followers?.n ?? 0), following: Number(following?.n ?? 0) };
}
