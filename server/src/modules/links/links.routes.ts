import { linksEndpoints as endpoints } from '@hearsay/contracts/links';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { LinksService } from './links.service.ts';

export const linksRoutes: FastifyPluginAsync<{ links: LinksService }> = async (app, { links }) => {
  route(
    app,
    endpoints.resolve,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return links.resolve(request.query, request.viewer?.id);
    },
    // Each link may cost MusicBrainz requests and a page read: a person's pace, visitors' by address.
    { config: { pace: 'link-resolve', paceVisitors: true } },
  );
};
