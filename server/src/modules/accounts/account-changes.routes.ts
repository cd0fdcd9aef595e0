import { accountsEndpoints as endpoints } from '@hearsay/contracts/accounts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { AccountChangesService } from './account-changes.service.ts';
import { requestContext } from './accounts.routes.ts';

/** Settings → Account: a new username, a new e-mail address, and the link that confirms the address. */
export const accountChangesRoutes: FastifyPluginAsync<{ changes: AccountChangesService }> = async (app, { changes }) => {
  route(app, endpoints.changeUsername, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return changes.changeUsername(request.viewer, request.body);
  });

  route(app, endpoints.changeEmail, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return changes.requestEmailChange(request.viewer, request.body);
  });

  // The link may be opened on any device, signed in or not: the token alone is the proof.
  route(app, endpoints.confirmEmail, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return changes.confirmEmail(request.body.token, requestContext(request));
  });
};
