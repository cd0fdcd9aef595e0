import { accountsEndpoints as endpoints } from '@hearsay/contracts/accounts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from '../../platform/auth/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { route } from '../../platform/http/endpoints.ts';
import { pageReadViewer } from '../../platform/http/viewer.ts';
import { AVATAR_MAX_BYTES } from './avatars.ts';
import type { AccountsService, RequestContext } from './accounts.service.ts';

/** The request as Better Auth sees it: its headers, with the client address we trust. */
export function requestContext(request: FastifyRequest): RequestContext {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return { headers, ip: request.ip };
}

export function withCookies<T>(reply: FastifyReply, result: { body: T; setCookies: string[] }): T {
  if (result.setCookies.length) reply.header('set-cookie', result.setCookies);
  reply.header('cache-control', 'no-store');
  return result.body;
}

export const accountsRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (app, { accounts }) => {
  // Every request: who is signed in (only when a session cookie is present at all, and never over an access token's person).
  app.addHook('onRequest', async (request) => {
    const page = pageReadViewer();
    if (page) {
      request.viewer = page.viewer;
      return;
    }
    if (request.accessToken || !request.headers.cookie?.includes('hearsay.session_token')) return;
    request.viewer = await accounts.viewerFor(request.headers.cookie, () => requestContext(request).headers);
  });

  route(app, endpoints.register, async (request, reply) =>
    withCookies(reply, await accounts.register(request.body, requestContext(request))),
  );

  route(app, endpoints.signIn, async (request, reply) => withCookies(reply, await accounts.signIn(request.body, requestContext(request))));

  route(app, endpoints.twoFactor, async (request, reply) =>
    withCookies(reply, await accounts.completeTwoFactor(request.body, requestContext(request))),
  );

  route(app, endpoints.signOut, async (request, reply) => withCookies(reply, await accounts.signOut(requestContext(request))));

  route(app, endpoints.forgotPassword, async (request) => accounts.requestPasswordReset(request.body.email, requestContext(request)));

  route(app, endpoints.resetPassword, async (request) => accounts.resetPassword(request.body, requestContext(request)));

  route(app, endpoints.me, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.viewer ? await accounts.currentUser(request.viewer.id) : null };
  });

  route(app, endpoints.updateProfile, async (request) => accounts.updateProfile(request.viewer.id, request.body));
  route(app, endpoints.createProfile, async (request) => accounts.updateProfile(request.viewer.id, {}));

  route(
    app,
    endpoints.uploadAvatar,
    async (request) => {
      const viewer = request.viewer;
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES } });
      if (!file) throw badRequest('file_required', { context: 'picture' });
      const upload = await file.toBuffer();
      return accounts.uploadAvatar(viewer.id, upload);
    },
    { config: { pace: 'picture' } },
  );
  route(app, endpoints.removeAvatar, async (request) => accounts.removeAvatar(request.viewer.id));

  route(app, endpoints.onboarding, async (request) => accounts.onboarding(request.viewer.id));

  route(app, endpoints.saveOnboarding, async (request) => accounts.saveOnboarding(request.viewer.id, request.body));
};
