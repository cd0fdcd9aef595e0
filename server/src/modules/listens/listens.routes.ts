import { listensEndpoints as endpoints } from '@hearsay/contracts/listens';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ListensService } from './listens.service.ts';

/** The member's own played tracks (decision 073); players submit them through the ListenBrainz-compatible API. */
export const listensRoutes: FastifyPluginAsync<{ listens: ListensService }> = async (app, { listens }) => {
  route(app, endpoints.list, async (request) => listens.played(request.viewer.id, request.query));

  route(app, endpoints.remove, async (request) => {
    await listens.remove(request.viewer.id, request.params.listenId);
    return { ok: true as const };
  });
};
