import { AlbumRefParamsSchema } from '@hearsay/contracts/catalog';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { AlbumRatingSchema, MyRatingsPageSchema, MyRatingsQuerySchema, RateBodySchema } from '@hearsay/contracts/ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import type { RatingsService } from './ratings.service.ts';

export const ratingsRoutes: FastifyPluginAsyncZod<{ ratings: RatingsService }> = async (app, { ratings }) => {
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
  app.put(
    '/api/albums/:albumId/rating',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Rate an album from 1 to 10 in half steps (or change your rating)',
        params: AlbumRefParamsSchema,
        body: RateBodySchema,
        response: { 200: AlbumRatingSchema, ...errors },
      },
    },
    async (request) => ratings.rate(requireViewer(request).id, request.params.albumId, request.body.rating),
  );

  app.delete(
    '/api/albums/:albumId/rating',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Remove your rating of an album',
        params: AlbumRefParamsSchema,
        response: { 200: AlbumRatingSchema, ...errors },
      },
    },
    async (request) => ratings.unrate(requireViewer(request).id, request.params.albumId),
  );

  app.get(
    '/api/me/ratings',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Your ratings, newest first; filter by genre, decade and minimum rating, sort by date or rating',
        querystring: MyRatingsQuerySchema,
        response: { 200: MyRatingsPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ratings.mine(requireViewer(request).id, request.query),
  );
};
