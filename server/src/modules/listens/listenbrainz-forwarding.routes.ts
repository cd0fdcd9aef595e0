import { listenbrainzForwardingEndpoints as endpoints } from '@hearsay/contracts/listenbrainz-forwarding';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ListenBrainzForwarding } from './listenbrainz-forwarding.service.ts';

export const listenbrainzForwardingRoutes: FastifyPluginAsync<{ forwarding: ListenBrainzForwarding }> = async (app, { forwarding }) => {
  route(app, endpoints.status, async (request) => forwarding.status(request.viewer.id));
  route(app, endpoints.connect, async (request) => forwarding.connect(request.viewer.id, request.body), {
    config: { pace: 'listenbrainz-check' },
  });
  route(app, endpoints.disconnect, async (request) => forwarding.disconnect(request.viewer.id));
};
