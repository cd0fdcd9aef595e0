import { sql } from 'kysely';
import type { DB } from '../platform/db/index.ts';
import { inJsonList, jsonList } from '../platform/db/json-arrays.ts';
import { precompiled } from '../platform/db/precompiled.ts';

/**
 * Reviews by id, each with the author's rating of the album as it is now (the star row is the one place a rating
 * changes; the rating kept with the review stands in once the author has removed theirs) and, for a viewer, whether
 * they liked it: one statement for a page's reviews, its text fixed so it stays prepared.
 */
function reviewRowsQuery(db: DB, idList: string) {
  return db
    .selectFrom('review')
    .leftJoin('rating', (join) => join.onRef('rating.user_id', '=', 'review.user_id').onRef('rating.album_id', '=', 'review.album_id'))
    .select((eb) => [
      'review.id',
      'review.user_id',
      'review.album_id',
      'review.title',
      'review.content_html',
      'review.content_text',
      'review.like_count',
      'review.comment_count',
      'review.created_at',
      'review.edited_at',
      'review.hidden_reason',
      eb.fn.coalesce('rating.rating', 'review.rating').as('current_rating'),
    ])
    .where(inJsonList(db, 'review.id', idList));
}

const forVisitor = precompiled((db, idList: string) => reviewRowsQuery(db, idList).select(sql<null>`null`.as('liked')));

const forViewer = precompiled((db, idList: string, viewerId: string) =>
  reviewRowsQuery(db, idList).select((eb) =>
    eb
      .exists(
        eb
          .selectFrom('review_like')
          .select('review_like.review_id')
          .whereRef('review_like.review_id', '=', 'review.id')
          .where('review_like.user_id', '=', viewerId),
      )
      .as('liked'),
  ),
);

export type ReviewRow = Omit<Awaited<ReturnType<typeof forVisitor>>[number], 'liked'> & { liked: unknown };

export async function reviews(db: DB, ids: readonly string[], viewerId: string | undefined): Promise<ReviewRow[]> {
  if (!ids.length) return [];
  return viewerId ? forViewer(db, jsonList(ids), viewerId) : forVisitor(db, jsonList(ids));
}
