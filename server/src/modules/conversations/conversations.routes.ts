import { conversationsEndpoints as endpoints } from '@hearsay/contracts/conversations';
import type { FastifyPluginAsync } from 'fastify';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { ConversationsService } from './conversations.service.ts';

export const conversationsRoutes: FastifyPluginAsync<{ conversations: ConversationsService }> = async (app, { conversations }) => {
  route(app, endpoints.list, async (request) => conversations.list(requireViewer(request).id, request.query));

  route(app, endpoints.unread, async (request) => conversations.unread(requireViewer(request).id));

  route(app, endpoints.open, async (request) => conversations.open(requireViewer(request), request.body.username));

  route(app, endpoints.get, async (request) => conversations.get(requireViewer(request).id, request.params.conversationId));

  route(app, endpoints.history, async (request) =>
    conversations.history(requireViewer(request).id, request.params.conversationId, request.query),
  );

  route(
    app,
    endpoints.send,
    async (request, reply) => {
      const message = await conversations.send(requireViewer(request).id, request.params.conversationId, request.body.body);
      reply.status(201);
      return message;
    },
    { config: { pace: 'message' } },
  );

  route(app, endpoints.read, async (request) => conversations.read(requireViewer(request).id, request.params.conversationId));
};
