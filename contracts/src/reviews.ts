import { z } from 'zod';
import { AlbumCardSchema, RatingValueSchema } from './catalog.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

export const REVIEW_TITLE_MAX = 100;
/** Spec §5: publishing needs at least 50 characters of text (counted on the text, not the markup). */
export const REVIEW_MIN_CHARACTERS = 50;
export const REVIEW_HTML_MAX = 100_000;
export const COMMENT_MAX = 2000;

export const ReviewBodySchema = z.object({
  rating: RatingValueSchema,
  title: z
    .string({ error: 'Title must be text' })
    .trim()
    .max(REVIEW_TITLE_MAX, { error: `Review title must be at most ${REVIEW_TITLE_MAX} characters` })
    .default(''),
  /** Rich-text HTML from the editor; the server keeps only its allow-list of tags and attributes. */
  content: z.string({ error: 'Review text is required' }).max(REVIEW_HTML_MAX, { error: 'Review is too long' }),
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
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewPageSchema = pageOf(ReviewSchema);

/** GET /api/albums/:albumId/reviews/mine */
export const MyReviewSchema = z.object({ review: ReviewSchema.nullable() });
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

export const ReviewListQuerySchema = PageQuerySchema.extend({
  sort: z.enum(['popular', 'recent'], { error: 'sort must be popular or recent' }).default('popular'),
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
  body: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, { error: 'Please write a comment' })
    .max(COMMENT_MAX, { error: `Comments are at most ${COMMENT_MAX} characters` }),
});

export const CommentSchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  author: ReviewAuthorSchema,
  /** Plain text; @username mentions of existing people are listed in `mentions` for linking. */
  body: z.string(),
  mentions: z.array(z.string()),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  isOwner: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentPageSchema = pageOf(CommentSchema);
export const CommentParamsSchema = z.object({ commentId: z.string().min(1).max(100) });
