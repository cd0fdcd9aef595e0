import { conversationsEndpoints as endpoints } from '@hearsay/contracts/conversations';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ConversationsService } from './conversations.service.ts';

export const conversationsRoutes: FastifyPluginAsync<{ conversations: ConversationsService }> = async (app, { conversations }) => {
  route(app, endpoints.list, async (request) => conversations.list(request.viewer.id, request.query));

  route(app, endpoints.unread, async (request) => conversations.unread(request.viewer.id));

  route(app, endpoints.open, async (request) => conversations.open(request.viewer, request.body.username));

  route(app, endpoints.get, async (request) => conversations.get(request.viewer.id, request.params.conversationId));

  route(app, endpoints.history, async (request) => conversations.history(request.viewer.id, request.params.conversationId, request.query));

  route(
    app,
    endpoints.send,
    async (request, reply) => {
      const message = await conversations.send(request.viewer.id, request.params.conversationId, request.body.body);
      reply.status(201);
      return message;
    },
    { config: { pace: 'message' } },
  );

  route(app, endpoints.read, async (request) => conversations.read(request.viewer.id, request.params.conversationId));
};
