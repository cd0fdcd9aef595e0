import { moderationEndpoints as endpoints } from '@hearsay/contracts/moderation';
import type { FastifyPluginAsync } from 'fastify';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { ModerationService } from './moderation.service.ts';

export const moderationRoutes: FastifyPluginAsync<{ moderation: ModerationService }> = async (app, { moderation }) => {
  route(
    app,
    endpoints.report,
    async (request, reply) => {
      const receipt = await moderation.report(requireViewer(request), request.body);
      reply.status(receipt.alreadyReported ? 200 : 201);
      return receipt;
    },
    { config: { pace: 'report' } },
  );
  route(app, endpoints.access, async (request) => moderation.access(requireViewer(request)));
  route(app, endpoints.queue, async (request) => moderation.queue(requireViewer(request), request.query));
  route(app, endpoints.decide, async (request) => moderation.decide(requireViewer(request), request.body));
  route(app, endpoints.audit, async (request) => moderation.audit(requireViewer(request), request.query));
};
