import { z } from 'zod';
import { REVIEW_TITLE_MAX, COMMENT_MAX } from './constants.ts';
import { OkSchema } from './accounts.ts';
import { AlbumCardSchema, AlbumRefParamsSchema, RatingValueSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

export const REVIEW_HTML_MAX = 100_000;

export const ReviewBodySchema = z.object({
  rating: RatingValueSchema,
  title: z.string({ error: 'title_not_text' }).trim().max(REVIEW_TITLE_MAX, { error: 'review_title_too_long' }).default(''),
  /** Rich-text HTML from the editor; the server keeps only its allow-list of tags and attributes. */
  content: z.string({ error: 'review_text_required' }).max(REVIEW_HTML_MAX, { error: 'review_too_long' }),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

export const ReviewAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ReviewAuthor = z.infer<typeof ReviewAuthorSchema>;

export const ReviewSchema = z.object({
  id: z.string(),
  album: AlbumCardSchema,
  author: ReviewAuthorSchema,
  rating: z.number(),
  title: z.string(),
  /** Sanitised on the server; safe to render as HTML. */
  contentHtml: z.string(),
  excerpt: z.string(),
  createdAt: z.string(),
  /** When the review was last edited; null if never. */
  editedAt: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByViewer: z.boolean(),
  isOwner: z.boolean(),
  /** Set when a moderator hid it: only its author still sees it, with this reason. */
  hiddenReason: z.string().nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewPageSchema = pageOf(ReviewSchema);

/** Your review of an album, null until you write one. */
/** A review not published yet: an imported text too short to publish (or without a rating), which the review form opens with. */
export const ReviewDraftSchema = z.object({ title: z.string(), contentHtml: z.string(), updatedAt: z.string() });
export type ReviewDraft = z.infer<typeof ReviewDraftSchema>;
/** A draft of your review, saved to finish later: no rating and no minimum length yet. */
export const DraftBodySchema = z.object({
  title: z.string({ error: 'title_not_text' }).trim().max(REVIEW_TITLE_MAX, { error: 'review_title_too_long' }).default(''),
  content: z.string({ error: 'review_text_required' }).max(REVIEW_HTML_MAX, { error: 'review_too_long' }),
});
export type DraftBody = z.input<typeof DraftBodySchema>;
export const MyReviewSchema = z.object({ review: ReviewSchema.nullable(), draft: ReviewDraftSchema.nullable() });
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

export const ReviewListQuerySchema = PageQuerySchema.extend({
  sort: z.enum(['popular', 'recent'], { error: 'collection_sort' }).default('popular'),
});

export const ReviewParamsSchema = z.object({ reviewId: z.string().min(1).max(100) });

export const ReviewRevisionSchema = z.object({
  title: z.string(),
  rating: z.number(),
  contentHtml: z.string(),
  /** When this version was written (it was replaced by the next one). */
  writtenAt: z.string(),
});
export const ReviewRevisionsSchema = z.object({ revisions: z.array(ReviewRevisionSchema) });

export const ReviewLikeSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });

export const CommentBodySchema = z.object({
  body: z.string({ error: 'comment_required' }).trim().min(1, { error: 'comment_empty' }).max(COMMENT_MAX, { error: 'comment_too_long' }),
});

/** A new comment: `replyTo` names the comment it answers (a reply to a reply joins that comment's thread). */
export const NewCommentBodySchema = CommentBodySchema.extend({
  replyTo: z.string().min(1).max(100).optional(),
});
export type NewCommentBody = z.infer<typeof NewCommentBodySchema>;

export const CommentSchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  /** The first comment of the thread this one replies to; null for a comment that starts one. */
  parentId: z.string().nullable(),
  author: ReviewAuthorSchema,
  /** Plain text; @username mentions of existing people are listed in `mentions` for linking. */
  body: z.string(),
  mentions: z.array(z.string()),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  isOwner: z.boolean(),
  /** Set when a moderator hid it: only its author still sees it, with this reason. */
  hiddenReason: z.string().nullable(),
  /**
   * A reply from a person of another site (federation): `author.username` is their `name@host`; `url` is the reply on
   * their site, `personUrl` their page there.
   */
  remote: z.object({ url: z.string(), personUrl: z.string() }).optional(),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentPageSchema = pageOf(CommentSchema);
export const CommentParamsSchema = z.object({ commentId: z.string().min(1).max(100) });

const tags = ['reviews'];

export const reviewsEndpoints = {
  albumReviews: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/reviews',
    tags,
    summary: "An album's reviews, most liked or newest first",
    params: AlbumRefParamsSchema,
    query: ReviewListQuerySchema,
    responses: { 200: ReviewPageSchema, ...errorResponses(400, 404) },
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/albums/:albumId/reviews',
    access: 'members',
    tags,
    summary: 'Publish your review of an album (also sets your rating)',
    params: AlbumRefParamsSchema,
    body: ReviewBodySchema,
    responses: { 201: ReviewSchema, ...errorResponses(400, 401, 404, 409, 429) },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/reviews/mine',
    access: 'members',
    tags,
    summary: 'Your review of an album, or null, and your draft of one (kept from an import), or null',
    params: AlbumRefParamsSchema,
    responses: { 200: MyReviewSchema, ...errorResponses(400, 401, 404) },
  }),
  saveDraft: endpoint({
    method: 'PUT',
    path: '/api/albums/:albumId/reviews/draft',
    access: 'members',
    tags,
    summary: 'Save your draft review of an album, to finish later (replaces the draft you had)',
    params: AlbumRefParamsSchema,
    body: DraftBodySchema,
    idempotent: true,
    responses: { 200: ReviewDraftSchema, ...errorResponses(400, 401, 404, 409, 422) },
  }),
  discardDraft: endpoint({
    method: 'DELETE',
    path: '/api/albums/:albumId/reviews/draft',
    access: 'members',
    tags,
    summary: 'Discard your draft review of an album (kept from an import)',
    params: AlbumRefParamsSchema,
    responses: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 404) },
  }),
  review: endpoint({
    method: 'GET',
    path: '/api/reviews/:reviewId',
    tags,
    summary: 'One review',
    params: ReviewParamsSchema,
    responses: { 200: ReviewSchema, ...errorResponses(400, 404) },
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/api/reviews/:reviewId',
    access: 'members',
    tags,
    summary: 'Edit your review (the earlier version is kept)',
    params: ReviewParamsSchema,
    body: ReviewBodySchema,
    responses: { 200: ReviewSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/reviews/:reviewId',
    access: 'members',
    tags,
    summary: 'Delete your review',
    params: ReviewParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  revisions: endpoint({
    method: 'GET',
    path: '/api/reviews/:reviewId/revisions',
    tags,
    summary: 'Earlier versions of a review, newest first',
    params: ReviewParamsSchema,
    responses: { 200: ReviewRevisionsSchema, ...errorResponses(400, 404) },
  }),
  like: endpoint({
    method: 'PUT',
    path: '/api/reviews/:reviewId/like',
    access: 'members',
    tags,
    summary: 'Like a review (idempotent)',
    params: ReviewParamsSchema,
    responses: { 200: ReviewLikeSchema, ...errorResponses(400, 401, 404) },
  }),
  unlike: endpoint({
    method: 'DELETE',
    path: '/api/reviews/:reviewId/like',
    access: 'members',
    tags,
    summary: 'Unlike a review (idempotent)',
    params: ReviewParamsSchema,
    responses: { 200: ReviewLikeSchema, ...errorResponses(400, 401, 404) },
  }),
  comments: endpoint({
    method: 'GET',
    path: '/api/reviews/:reviewId/comments',
    tags,
    summary: 'Comments on a review: threads oldest first, each comment followed by its replies',
    params: ReviewParamsSchema,
    query: PageQuerySchema,
    responses: { 200: CommentPageSchema, ...errorResponses(400, 404) },
  }),
  addComment: endpoint({
    method: 'POST',
    path: '/api/reviews/:reviewId/comments',
    access: 'members',
    tags,
    summary:
      'Comment on a review (plain text; @username mentions), or reply to a comment (`replyTo`): replies are listed under the comment that began their thread',
    params: ReviewParamsSchema,
    body: NewCommentBodySchema,
    responses: { 201: CommentSchema, ...errorResponses(400, 401, 404, 429) },
  }),
  editComment: endpoint({
    method: 'PUT',
    path: '/api/comments/:commentId',
    access: 'members',
    tags,
    summary: 'Edit your comment',
    params: CommentParamsSchema,
    body: CommentBodySchema,
    responses: { 200: CommentSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  removeComment: endpoint({
    method: 'DELETE',
    path: '/api/comments/:commentId',
    access: 'members',
    tags,
    summary: 'Delete your comment',
    params: CommentParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  myReviews: endpoint({
    method: 'GET',
    path: '/api/me/reviews',
    access: 'members',
    tags,
    summary: 'Your reviews, newest first',
    query: PageQuerySchema,
    responses: { 200: ReviewPageSchema, ...errorResponses(400, 401) },
  }),
  likedReviews: endpoint({
    method: 'GET',
    path: '/api/me/liked-reviews',
    access: 'members',
    tags,
    summary: 'Reviews you liked, most recently liked first',
    query: PageQuerySchema,
    responses: { 200: ReviewPageSchema, ...errorResponses(400, 401) },
  }),
};
