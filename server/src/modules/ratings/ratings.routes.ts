import { ratingsEndpoints as endpoints } from '@hearsay/contracts/ratings';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { RatingsService } from './ratings.service.ts';

export const ratingsRoutes: FastifyPluginAsync<{ ratings: RatingsService }> = async (app, { ratings }) => {
  route(app, endpoints.rate, async (request) => ratings.rate(request.viewer.id, request.params.albumId, request.body.rating));

  route(app, endpoints.unrate, async (request) => ratings.unrate(request.viewer.id, request.params.albumId));

  route(
    app,
    endpoints.rateTrack,
    async (request) => ratings.tracks.rate(request.viewer.id, request.params.albumId, request.params.trackId, request.body.rating),
    { config: { pace: 'track-rating' } },
  );

  route(
    app,
    endpoints.unrateTrack,
    async (request) => ratings.tracks.unrate(request.viewer.id, request.params.albumId, request.params.trackId),
    { config: { pace: 'track-rating' } },
  );

  route(app, endpoints.mine, async (request) => ratings.mine(request.viewer.id, request.query));
};
