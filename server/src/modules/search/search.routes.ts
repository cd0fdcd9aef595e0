import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { SearchQuerySchema, SearchResultSchema } from '@hearsay/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerVisitorsFromCache, createJsonCache } from '../../platform/http/json-cache.ts';
import type { SearchService } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  const visitorCache = createJsonCache({ max: 2000, ttlMs: 5_000 });
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search albums, artists, people and collections (typo-tolerant, accent-insensitive)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      answerVisitorsFromCache(
        { viewerId: request.viewer?.id, reply },
        visitorCache,
        JSON.stringify(request.query),
        SearchResultSchema,
        (viewerId) => search.search(request.query, viewerId),
      ),
  );
};
