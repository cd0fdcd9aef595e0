import { journalEndpoints as endpoints } from '@hearsay/contracts/journal';
import type { FastifyPluginAsync } from 'fastify';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { JournalService } from './journal.service.ts';

export const journalRoutes: FastifyPluginAsync<{ journal: JournalService }> = async (app, { journal }) => {
  route(app, endpoints.list, async (request) => journal.list(requireViewer(request).id, request.query));

  route(app, endpoints.months, async (request) => journal.months(requireViewer(request).id));

  route(
    app,
    endpoints.create,
    async (request, reply) => {
      const entry = await journal.create(requireViewer(request).id, request.body);
      reply.status(201);
      return entry;
    },
    { config: { pace: 'listen' } },
  );

  route(app, endpoints.update, async (request) => journal.update(requireViewer(request).id, request.params.entryId, request.body));

  route(app, endpoints.remove, async (request) => {
    await journal.remove(requireViewer(request).id, request.params.entryId);
    return { ok: true as const };
  });
};
