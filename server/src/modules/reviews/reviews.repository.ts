import { sql, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { ReviewCommentTable, ReviewDraftTable, ReviewTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { inIdRange, type IdRange } from '../../platform/db/id-ranges.ts';

export type ReviewRow = Selectable<ReviewTable>;
export type CommentRow = Selectable<ReviewCommentTable>;

export async function findReview(db: DB, id: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findByAuthorAndAlbum(db: DB, userId: string, albumId: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('review').selectAll().where('user_id', '=', userId).where('album_id', '=', albumId).executeTakeFirst();
}

export async function insertReview(db: DB, review: Insertable<ReviewTable>): Promise<void> {
  await db.insertInto('review').values(review).execute();
}

export async function updateReview(
  db: DB,
  id: string,
  changes: Pick<ReviewRow, 'rating' | 'title' | 'content_html' | 'content_text' | 'updated_at' | 'edited_at'>,
): Promise<void> {
  await db.updateTable('review').set(changes).where('id', '=', id).execute();
}

export async function deleteReview(db: DB, id: string): Promise<void> {
  await db.deleteFrom('review').where('id', '=', id).execute();
}

export async function insertRevision(db: DB, review: ReviewRow, id: string, writtenAt: string): Promise<void> {
  await db
    .insertInto('review_revision')
    .values({
      id,
      review_id: review.id,
      rating: review.rating,
      title: review.title,
      content_html: review.content_html,
      written_at: writtenAt,
    })
    .execute();
}

export async function revisions(db: DB, reviewId: string) {
  return db.selectFrom('review_revision').selectAll().where('review_id', '=', reviewId).orderBy('written_at', 'desc').execute();
}

export async function shiftReviewCounter(db: DB, reviewId: string, column: 'like_count' | 'comment_count', delta: number): Promise<void> {
  await db
    .updateTable('review')
    .set({ [column]: sql`${sql.ref(column)} + ${delta}` })
    .where('id', '=', reviewId)
    .execute();
}

export type ReviewOrder = 'popular' | 'recent';

/**
 * Who is reading: `shown(column)` holds for the rows whose author they may see (blocks either way, closed profiles);
 * reviews and comments a moderator hid show to their author only.
 */
export interface Audience {
  viewerId: string | undefined;
  shown: (author: string) => Expression<SqlBool>;
}

/** The reviews a visitor may read whose id is in the range, for the sitemap. */
export async function shownReviewIdsBetween(db: DB, range: IdRange, shown: (author: string) => Expression<SqlBool>) {
  const query = db.selectFrom('review').select(['id', 'updated_at']).where('hidden_reason', 'is', null).where(shown('review.user_id'));
  return inIdRange(query, range).execute();
}

/** A page of review ids: an album's, a person's, or those a person liked. */
export async function reviewIds(
  db: DB,
  filter: { albumId?: string; userId?: string; likedBy?: string },
  audience: Audience,
  order: ReviewOrder,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  if (filter.likedBy) {
    const liked = db
      .selectFrom('review_like')
      .where('review_like.user_id', '=', filter.likedBy)
      .where(({ exists, selectFrom }) => {
        const shown = selectFrom('review')
          .select('review.id')
          .whereRef('review.id', '=', 'review_like.review_id')
          .where('review.hidden_reason', 'is', null)
          .where(audience.shown('review.user_id'));
        return exists(shown);
      });
    const [{ total } = { total: 0 }] = await liked.select((eb) => eb.fn.countAll<number>().as('total')).execute();
    const rows = await liked
      .select('review_id')
      .orderBy('created_at', 'desc')
      .orderBy('review_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { ids: rows.map((row) => row.review_id), total: Number(total) };
  }
  let query = db.selectFrom('review');
  if (filter.albumId) query = query.where('album_id', '=', filter.albumId);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  query = query.where(audience.shown('review.user_id'));
  const viewerId = audience.viewerId;
  query = viewerId
    ? query.where((eb) => eb.or([eb('hidden_reason', 'is', null), eb('user_id', '=', viewerId)]))
    : query.where('hidden_reason', 'is', null);
  const [{ total } = { total: 0 }] = await query.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  let ordered = query.select('id');
  ordered =
    order === 'popular'
      ? ordered.orderBy('like_count', 'desc').orderBy('comment_count', 'desc').orderBy('created_at', 'desc')
      : ordered.orderBy('created_at', 'desc');
  const rows = await ordered.orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { ids: rows.map((row) => row.id), total: Number(total) };
}

export async function addLike(db: DB, userId: string, reviewId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('review_like')
    .values({ user_id: userId, review_id: reviewId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'review_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeLike(db: DB, userId: string, reviewId: string): Promise<boolean> {
  const result = await db.deleteFrom('review_like').where('user_id', '=', userId).where('review_id', '=', reviewId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function likeCount(db: DB, reviewId: string): Promise<number> {
  const row = await db.selectFrom('review').select('like_count').where('id', '=', reviewId).executeTakeFirst();
  return Number(row?.like_count ?? 0);
}

export async function insertComment(db: DB, comment: Insertable<ReviewCommentTable>): Promise<void> {
  await db.insertInto('review_comment').values(comment).execute();
}

export async function findComment(db: DB, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('review_comment').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateComment(db: DB, id: string, body: string, now: string): Promise<void> {
  await db.updateTable('review_comment').set({ body, updated_at: now, edited_at: now }).where('id', '=', id).execute();
}

export async function deleteComment(db: DB, id: string): Promise<void> {
  await db.deleteFrom('review_comment').where('id', '=', id).execute();
}

/** A reply from another site, by its note's id and its author (a remote person). */
export async function findRemoteComment(db: DB, uri: string, actorId: string): Promise<CommentRow | undefined> {
  return db.selectFrom('review_comment').selectAll().where('remote_uri', '=', uri).where('user_id', '=', actorId).executeTakeFirst();
}

/** The replies these people of other sites sent (comments with a note's id). */
export async function remoteCommentsBy(db: DB, actorIds: readonly string[]): Promise<CommentRow[]> {
  if (!actorIds.length) return [];
  return db
    .selectFrom('review_comment')
    .selectAll()
    .where('user_id', 'in', [...actorIds])
    .where('remote_uri', 'is not', null)
    .execute();
}

/** For account deletion: the member's comments (their replies stay, as comments of their own). */
export async function deleteCommentsBy(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('review_comment').where('user_id', '=', userId).where('remote_uri', 'is', null).execute();
}

/** A page of a review's comments, in threads, as the audience may see them (their authors' cards come from the hydration layer). */
export async function comments(db: DB, reviewId: string, audience: Audience, limit: number, offset: number) {
  const viewerId = audience.viewerId;
  let counted = db.selectFrom('review_comment').where('review_id', '=', reviewId).where(audience.shown('review_comment.user_id'));
  let listed = db
    .selectFrom('review_comment')
    .selectAll('review_comment')
    .where('review_comment.review_id', '=', reviewId)
    .where(audience.shown('review_comment.user_id'));
  if (viewerId) {
    counted = counted.where((eb) => eb.or([eb('hidden_reason', 'is', null), eb('user_id', '=', viewerId)]));
    listed = listed.where((eb) => eb.or([eb('review_comment.hidden_reason', 'is', null), eb('review_comment.user_id', '=', viewerId)]));
  } else {
    counted = counted.where('hidden_reason', 'is', null);
    listed = listed.where('review_comment.hidden_reason', 'is', null);
  }
  const [{ total } = { total: 0 }] = await counted.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  // Threads in the order they began, each comment followed by its replies in the order they came.
  const rows = await listed
    .leftJoin('review_comment as thread', 'thread.id', 'review_comment.parent_id')
    .orderBy((eb) => eb.fn.coalesce('thread.created_at', 'review_comment.created_at'), 'asc')
    .orderBy((eb) => eb.fn.coalesce('thread.id', 'review_comment.id'), 'asc')
    .orderBy('review_comment.created_at', 'asc')
    .orderBy('review_comment.id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

/**
 * Recent well-liked reviews for the landing page, of albums the catalog has confirmed (`albumConfirmed`, its condition:
 * not one import's additions), by authors `shown` to whoever reads the page (a visitor: it is the same page for
 * everyone).
 */
export async function testimonialIds(
  db: DB,
  limit: number,
  shown: (author: string) => Expression<SqlBool>,
  albumConfirmed: (album: string) => Expression<SqlBool>,
): Promise<string[]> {
  const rows = await db
    .selectFrom('review')
    .select('review.id')
    .where(albumConfirmed('review.album_id'))
    .where('review.hidden_reason', 'is', null)
    .where(shown('review.user_id'))
    .where(sql<boolean>`length(review.content_text) >= 80`)
    .orderBy('review.like_count', 'desc')
    .orderBy('review.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** For account deletion: what the person touched that other rows count. */
export async function footprint(db: DB, userId: string) {
  const [reviews, likes, commented] = await Promise.all([
    db.selectFrom('review').select(['id', 'album_id']).where('user_id', '=', userId).execute(),
    db.selectFrom('review_like').select('review_id').where('user_id', '=', userId).execute(),
    db
      .selectFrom('review_comment')
      .select(['review_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .groupBy('review_id')
      .execute(),
  ]);
  return { reviews, likes: likes.map((row) => row.review_id), commented };
}

/** A moderator hides (a reason) or shows again (null) a review or a comment; whether it exists. */
export async function setHidden(db: DB, kind: 'review' | 'comment', id: string, reason: string | null): Promise<boolean> {
  const result =
    kind === 'review'
      ? await db.updateTable('review').set({ hidden_reason: reason }).where('id', '=', id).executeTakeFirst()
      : await db.updateTable('review_comment').set({ hidden_reason: reason }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A member's draft of their review of an album, if any. */
export async function findDraft(db: DB, userId: string, albumId: string) {
  return db
    .selectFrom('review_draft')
    .select(['title', 'content_html', 'updated_at'])
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
}

/** Keeps a draft, replacing the one the member had of that album. */
export async function upsertDraft(db: DB, draft: Insertable<ReviewDraftTable>): Promise<void> {
  await db
    .insertInto('review_draft')
    .values(draft)
    .onConflict((oc) =>
      oc.columns(['user_id', 'album_id']).doUpdateSet({
        title: draft.title,
        content_html: draft.content_html,
        content_text: draft.content_text,
        updated_at: draft.updated_at,
      }),
    )
    .execute();
}

export async function deleteDraft(db: DB, userId: string, albumId: string): Promise<void> {
  await db.deleteFrom('review_draft').where('user_id', '=', userId).where('album_id', '=', albumId).execute();
}
