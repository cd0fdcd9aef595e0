import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { SearchQuerySchema, SearchResultSchema } from '@hearsay/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
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
    async (request) => search.search(request.query, request.viewer?.id),
  );
};
