import { journalEndpoints as endpoints } from '@hearsay/contracts/journal';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { JournalService } from './journal.service.ts';

export const journalRoutes: FastifyPluginAsync<{ journal: JournalService }> = async (app, { journal }) => {
  route(app, endpoints.list, async (request) => journal.list(request.viewer.id, request.query));

  route(app, endpoints.months, async (request) => journal.months(request.viewer.id));

  route(
    app,
    endpoints.create,
    async (request, reply) => {
      const entry = await journal.create(request.viewer.id, request.body);
      reply.status(201);
      return entry;
    },
    { config: { pace: 'listen' } },
  );

  route(app, endpoints.update, async (request) => journal.update(request.viewer.id, request.params.entryId, request.body));

  route(app, endpoints.remove, async (request) => {
    await journal.remove(request.viewer.id, request.params.entryId);
    return { ok: true as const };
  });
};
