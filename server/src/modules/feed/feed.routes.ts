import { feedEndpoints as endpoints } from '@hearsay/contracts/feed';
import type { FastifyPluginAsync } from 'fastify';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { FeedService } from './feed.service.ts';

export const feedRoutes: FastifyPluginAsync<{ feed: FeedService }> = async (app, { feed }) => {
  route(app, endpoints.page, async (request) => feed.page(requireViewer(request).id, request.query));

  route(app, endpoints.sidebar, async (request) => feed.sidebar(requireViewer(request).id));
};
