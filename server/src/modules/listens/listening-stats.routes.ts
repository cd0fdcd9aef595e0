import { listeningStatsEndpoints as endpoints } from '@hearsay/contracts/listening-stats';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ListeningStatsService } from './listening-stats.service.ts';

export const listeningStatsRoutes: FastifyPluginAsync<{ listeningStats: ListeningStatsService }> = async (app, { listeningStats }) => {
  route(app, endpoints.stats, async (request) => listeningStats.stats(request.params.username, request.viewer, request.query));
};
