import { feedEndpoints as endpoints } from '@hearsay/contracts/feed';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { FeedService } from './feed.service.ts';

export const feedRoutes: FastifyPluginAsync<{ feed: FeedService }> = async (app, { feed }) => {
  route(app, endpoints.page, async (request) => feed.page(request.viewer.id, request.query));

  route(app, endpoints.sidebar, async (request) => feed.sidebar(request.viewer.id));
};
