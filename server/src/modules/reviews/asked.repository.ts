import type { Expression, SqlBool } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import { inJsonList, jsonList } from '../../platform/db/json-arrays.ts';
import { precompiled } from '../../platform/db/precompiled.ts';

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

// ——— Download my data: a person's rows a page at a time, in a stable order, after a key (decision 028) ———

/** A person's reviews after a review id. */
export async function exportedReviews(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('review')
    .select(['album_id', 'id', 'rating', 'title', 'content_html', 'content_text', 'like_count', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A person's draft reviews after an album id: one draft per person and album. */
export async function exportedDrafts(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('review_draft')
    .select(['album_id', 'title', 'content_html', 'content_text', 'updated_at'])
    .where('user_id', '=', userId)
    .where('album_id', '>', after)
    .orderBy('album_id')
    .limit(limit)
    .execute();
}

/** A person's comments after a comment id, each with its review's album and the comment it answers. */
export async function exportedComments(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('review_comment')
    .innerJoin('review', 'review.id', 'review_comment.review_id')
    .leftJoin('review_comment as thread', 'thread.id', 'review_comment.parent_id')
    .select([
      'review.album_id',
      'review_comment.id',
      'review_comment.review_id',
      'review_comment.body',
      'review_comment.created_at',
      'thread.body as thread_body',
      'thread.user_id as thread_user_id',
    ])
    .where('review_comment.user_id', '=', userId)
    .where('review_comment.id', '>', after)
    .orderBy('review_comment.id')
    .limit(limit)
    .execute();
}

/** The reviews a person liked after a review id, each with its album. */
export async function exportedLikes(db: DB, userId: string, after: string, limit: number) {
  return db
    .selectFrom('review_like')
    .innerJoin('review', 'review.id', 'review_like.review_id')
    .select(['review.album_id', 'review_like.review_id', 'review_like.created_at'])
    .where('review_like.user_id', '=', userId)
    .where('review_like.review_id', '>', after)
    .orderBy('review_like.review_id')
    .limit(limit)
    .execute();
}

/** How many reviews, drafts, comments and review likes a person has: their part of an export's total. */
export async function exportedCount(db: DB, userId: string): Promise<number> {
  const counts = await Promise.all(
    (['review', 'review_draft', 'review_comment', 'review_like'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return counts.reduce((sum, row) => sum + Number(row.n), 0);
}

/**
 * Comments by id: their author, text and whether a moderator hid them, the review each is on and that review's album
 * (what a notification about a comment is about; a reported comment).
 */
export async function commentsOn(db: DB, commentIds: readonly string[]) {
  if (commentIds.length === 0) return [];
  return commentRows(db, jsonList(commentIds));
}

const commentRows = precompiled((db, idList: string) =>
  db
    .selectFrom('review_comment as c')
    .innerJoin('review as r', 'r.id', 'c.review_id')
    .select(['c.id', 'c.user_id', 'c.body', 'c.hidden_reason', 'c.review_id', 'r.album_id'])
    .where(inJsonList(db, 'c.id', idList)),
);

// ——— The feed's sidebar and starter set (decision 066) ———

/** The newest reviews by the authors `authors` keeps (the hydration layer's condition: followed by the viewer). */
export async function newestReviewIdsBy(db: DB, limit: number, authors: (person: string) => Expression<SqlBool>): Promise<string[]> {
  const rows = await db
    .selectFrom('review')
    .select('id')
    .where(authors('user_id'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The site's newest reviews, by anyone but the viewer. */
export async function newestReviewIdsNotBy(db: DB, viewerId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('review')
    .select('id')
    .where('user_id', '!=', viewerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The people with the most reviews since `since` (anyone but the viewer), for a member who follows nobody yet. */
export async function activeReviewers(db: DB, viewerId: string, since: string, limit: number) {
  const rows = await db
    .selectFrom('review')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('reviews')])
    .where('created_at', '>=', since)
    .where('user_id', '!=', viewerId)
    .groupBy('user_id')
    .orderBy('reviews', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, reviews: Number(row.reviews) }));
}
