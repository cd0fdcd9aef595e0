import type { Expression, SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';

/**
 * What other modules ask of the review tables (decision 066): each question read here, by the tables' owner, and asked
 * through the reviews service (or, for the catalog, which the reviews service needs, the review lookup).
 */

// ——— Parts of the catalog's statements (Discover), written here and joined there ———

/** The album of each review written since the instant. */
export const albumsReviewedSince = (db: DB, since: string) => db.selectFrom('review').select('album_id').where('created_at', '>=', since);

/** Each review's album, and when it was written. */
export const reviewMoments = (db: DB) => db.selectFrom('review').select(['album_id', 'created_at as at']);

/**
 * A person's reviews written between two instants that moderators have not hidden, of albums `listed` keeps (the
 * hydration layer's album rule, a condition on a column naming an album): how many, and the one with the most likes.
 * A range of review_user_created_idx (a year in review).
 */
export async function reviewsBetween(
  db: DB,
  userId: string,
  between: { from: string; to: string },
  listed: (album: string) => Expression<SqlBool>,
) {
  const base = db
    .selectFrom('review')
    .where('review.user_id', '=', userId)
    .where('review.created_at', '>=', between.from)
    .where('review.created_at', '<', between.to)
    .where('review.hidden_reason', 'is', null)
    .where(listed('review.album_id'));
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
