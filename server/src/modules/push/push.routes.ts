import { pushEndpoints as endpoints } from '@hearsay/contracts/push';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { PushService } from './push.service.ts';

export const pushRoutes: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  route(app, endpoints.key, async () => push.key());
  route(app, endpoints.subscribe, async (request) => push.subscribe(request.viewer, request.body, request.headers['user-agent']), {
    config: { pace: 'push-subscription' },
  });
  route(app, endpoints.unsubscribe, async (request) => push.unsubscribe(request.viewer.id, request.body.endpoint));
};
