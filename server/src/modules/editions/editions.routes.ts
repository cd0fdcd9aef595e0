import { editionsEndpoints as endpoints } from '@hearsay/contracts/editions';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { EditionsService } from './editions.service.ts';

export const editionsRoutes: FastifyPluginAsync<{ editions: EditionsService }> = async (app, { editions }) => {
  route(app, endpoints.albumEditions, async (request) => editions.albumEditions(request.params.albumId));
};
