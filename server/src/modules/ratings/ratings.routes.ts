import { ratingsEndpoints as endpoints } from '@hearsay/contracts/ratings';
import type { FastifyPluginAsync } from 'fastify';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { RatingsService } from './ratings.service.ts';

export const ratingsRoutes: FastifyPluginAsync<{ ratings: RatingsService }> = async (app, { ratings }) => {
  route(app, endpoints.rate, async (request) => ratings.rate(requireViewer(request).id, request.params.albumId, request.body.rating));

  route(app, endpoints.unrate, async (request) => ratings.unrate(requireViewer(request).id, request.params.albumId));

  route(app, endpoints.mine, async (request) => ratings.mine(requireViewer(request).id, request.query));
};
