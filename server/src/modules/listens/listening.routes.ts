import { listeningEndpoints as endpoints } from '@hearsay/contracts/listening';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ListeningService } from './listening.service.ts';

export const listeningRoutes: FastifyPluginAsync<{ listening: ListeningService }> = async (app, { listening }) => {
  route(app, endpoints.status, async (request) => listening.status(request.viewer.id));

  route(app, endpoints.playedNotRated, async (request) => listening.playedNotRated(request.viewer.id, request.query));
};
