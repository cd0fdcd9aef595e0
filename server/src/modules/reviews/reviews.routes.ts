import { OkSchema } from '@hearsay/contracts/accounts';
import { AlbumRefParamsSchema } from '@hearsay/contracts/catalog';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { PageQuerySchema } from '@hearsay/contracts/pagination';
import {
  CommentBodySchema,
  CommentPageSchema,
  CommentParamsSchema,
  CommentSchema,
  MyReviewSchema,
  ReviewBodySchema,
  ReviewLikeSchema,
  ReviewListQuerySchema,
  ReviewPageSchema,
  ReviewParamsSchema,
  ReviewRevisionsSchema,
  ReviewSchema,
} from '@hearsay/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import type { ReviewsService } from './reviews.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['reviews'];

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/api/albums/:albumId/reviews',
    {
      config: { pace: 'review' },
      schema: {
        tags,
        summary: "An album's reviews, most liked or newest first",
        params: AlbumRefParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewPageSchema, ...errors },
      },
    },
    async (request) => reviews.forAlbum(request.params.albumId, request.query, request.viewer?.id),
  );
  app.post(
    '/api/albums/:albumId/reviews',
    {
      schema: {
        tags,
        summary: 'Publish your review of an album (also sets your rating)',
        params: AlbumRefParamsSchema,
        body: ReviewBodySchema,
        response: { 201: ReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return reviews.publish(requireViewer(request).id, request.params.albumId, request.body);
    },
  );

  app.get(
    '/api/albums/:albumId/reviews/mine',
    {
      schema: {
        tags,
        summary: 'Your review of an album, or null',
        params: AlbumRefParamsSchema,
        response: { 200: MyReviewSchema, ...errors },
      },
    },
    async (request) => ({ review: await reviews.mine(requireViewer(request).id, request.params.albumId) }),
  );

  const byId = { params: ReviewParamsSchema };
  app.get(
    '/api/reviews/:reviewId',
    { schema: { tags, summary: 'One review', ...byId, response: { 200: ReviewSchema, ...errors } } },
    async (request) => reviews.one(request.params.reviewId, request.viewer?.id),
  );
  app.put(
    '/api/reviews/:reviewId',
    {
      schema: {
        tags,
        summary: 'Edit your review (the earlier version is kept)',
        ...byId,
        body: ReviewBodySchema,
        response: { 200: ReviewSchema, ...errors },
      },
    },
    async (request) => reviews.edit(requireViewer(request).id, request.params.reviewId, request.body),
  );
  app.delete(
    '/api/reviews/:reviewId',
    { schema: { tags, summary: 'Delete your review', ...byId, response: { 200: OkSchema, ...errors } } },
    async (request) => reviews.remove(requireViewer(request).id, request.params.reviewId),
  );
  app.get(
    '/api/reviews/:reviewId/revisions',
    {
      schema: { tags, summary: 'Earlier versions of a review, newest first', ...byId, response: { 200: ReviewRevisionsSchema, ...errors } },
    },
    async (request) => reviews.revisions(request.params.reviewId),
  );
  app.put(
    '/api/reviews/:reviewId/like',
    { schema: { tags, summary: 'Like a review (idempotent)', ...byId, response: { 200: ReviewLikeSchema, ...errors } } },
    async (request) => reviews.setLike(requireViewer(request).id, request.params.reviewId, true),
  );
  app.delete(
    '/api/reviews/:reviewId/like',
    { schema: { tags, summary: 'Unlike a review (idempotent)', ...byId, response: { 200: ReviewLikeSchema, ...errors } } },
    async (request) => reviews.setLike(requireViewer(request).id, request.params.reviewId, false),
  );
  app.get(
    '/api/reviews/:reviewId/comments',
    {
      schema: {
        tags,
        summary: 'Comments on a review, oldest first',
        ...byId,
        querystring: PageQuerySchema,
        response: { 200: CommentPageSchema, ...errors },
      },
    },
    async (request) => reviews.comments(request.params.reviewId, request.query, request.viewer?.id),
  );
  app.post(
    '/api/reviews/:reviewId/comments',
    {
      config: { pace: 'comment' },
      schema: {
        tags,
        summary: 'Comment on a review (plain text; @username mentions)',
        ...byId,
        body: CommentBodySchema,
        response: { 201: CommentSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return reviews.addComment(requireViewer(request).id, request.params.reviewId, request.body.body);
    },
  );
  app.put(
    '/api/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Edit your comment',
        params: CommentParamsSchema,
        body: CommentBodySchema,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (request) => reviews.editComment(requireViewer(request).id, request.params.commentId, request.body.body),
  );
  app.delete(
    '/api/comments/:commentId',
    { schema: { tags, summary: 'Delete your comment', params: CommentParamsSchema, response: { 200: OkSchema, ...errors } } },
    async (request) => reviews.removeComment(requireViewer(request).id, request.params.commentId),
  );

  const mine = { querystring: PageQuerySchema, response: { 200: ReviewPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema } };
  app.get('/api/me/reviews', { schema: { tags, summary: 'Your reviews, newest first', ...mine } }, async (request) => {
    const viewer = requireViewer(request);
    return reviews.byPerson(viewer.id, request.query, viewer.id);
  });
  app.get(
    '/api/me/liked-reviews',
    { schema: { tags, summary: 'Reviews you liked, most recently liked first', ...mine } },
    async (request) => reviews.likedBy(requireViewer(request).id, request.query),
  );
};
