import { CollectionPageSchema } from '@hearsay/contracts/collections';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { PageQuerySchema } from '@hearsay/contracts/pagination';
import {
  FollowStateSchema,
  PersonPageSchema,
  ProfileSchema,
  RatingDistributionSchema,
  UsernameParamsSchema,
} from '@hearsay/contracts/profiles';
import { MyRatingsPageSchema, MyRatingsQuerySchema } from '@hearsay/contracts/ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import type { ProfilesService } from './profiles.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['profiles'];
const params = UsernameParamsSchema;

/** Profiles are for signed-in members (spec §6): every route here answers 401 to a visitor. */
export const profilesRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (app, { profiles }) => {
  app.get(
    '/api/users/:username',
    { schema: { tags, summary: 'A profile with its stats (`me` is you)', params, response: { 200: ProfileSchema, ...errors } } },
    async (request) => profiles.profile(request.params.username, requireViewer(request)),
  );
  app.put(
    '/api/users/:username/follow',
    {
      config: { pace: 'follow' },
      schema: { tags, summary: 'Follow someone (idempotent)', params, response: { 200: FollowStateSchema, ...errors } },
    },
    async (request) => profiles.setFollow(request.params.username, requireViewer(request), true),
  );
  app.delete(
    '/api/users/:username/follow',
    { schema: { tags, summary: 'Unfollow someone (idempotent)', params, response: { 200: FollowStateSchema, ...errors } } },
    async (request) => profiles.setFollow(request.params.username, requireViewer(request), false),
  );
  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/api/users/:username/${direction}`,
      {
        schema: {
          tags,
          summary: direction === 'followers' ? 'Who follows this person' : 'Whom this person follows',
          params,
          querystring: PageQuerySchema,
          response: { 200: PersonPageSchema, ...errors },
        },
      },
      async (request) => profiles.people(request.params.username, requireViewer(request), direction, request.query),
    );
  }
  app.get(
    '/api/users/:username/ratings',
    {
      schema: {
        tags,
        summary: "A person's rated albums: filter by genre, decade, rating; sort by date rated, rating, release date or title",
        params,
        querystring: MyRatingsQuerySchema,
        response: { 200: MyRatingsPageSchema, ...errors },
      },
    },
    async (request) => profiles.ratings(request.params.username, requireViewer(request), request.query),
  );
  app.get(
    '/api/users/:username/rating-distribution',
    { schema: { tags, summary: "A person's ratings per half step", params, response: { 200: RatingDistributionSchema, ...errors } } },
    async (request) => profiles.distribution(request.params.username, requireViewer(request)),
  );
  app.get(
    '/api/users/:username/collections',
    {
      schema: {
        tags,
        summary: "A person's collections (private ones only for their owner)",
        params,
        querystring: PageQuerySchema,
        response: { 200: CollectionPageSchema, ...errors },
      },
    },
    async (request) => profiles.collections(request.params.username, requireViewer(request), request.query),
  );
};
