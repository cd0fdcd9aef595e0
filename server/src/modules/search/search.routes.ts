import { searchEndpoints as endpoints } from '@hearsay/contracts/search';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import { answerVisitorsFromCache, createJsonCache } from '../../platform/http/json-cache.ts';
import type { CacheMode } from '../../platform/memory-cache.ts';
import type { SearchService } from './search.service.ts';

export const searchRoutes: FastifyPluginAsync<{ search: SearchService; caches?: CacheMode }> = async (app, { search, caches }) => {
  const visitorCache = createJsonCache({ max: 2000, ttlMs: 5_000, caches });

  route(app, endpoints.search, async (request, reply) =>
    answerVisitorsFromCache({ viewerId: request.viewer?.id, reply }, visitorCache, JSON.stringify(request.query), (viewerId) =>
      search.search(request.query, viewerId),
    ),
  );

  route(app, endpoints.suggestions, async (request, reply) =>
    answerVisitorsFromCache({ viewerId: request.viewer?.id, reply }, visitorCache, `suggest:${request.query.q}`, (viewerId) =>
      search.suggest(request.query.q, viewerId),
    ),
  );
  route(app, endpoints.years, () => search.releaseYears());
};
