import { securityEndpoints as endpoints } from '@hearsay/contracts/security';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../../platform/auth/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { route, type EndpointHandler } from '../../platform/http/endpoints.ts';
import { requestContext, withCookies } from './accounts.routes.ts';
import type { SecurityService } from './security.service.ts';

/** The one route that forwards to the auth library; the CSRF guard exempts it by this pattern, not by a URL prefix. */
export const OAUTH_CALLBACK_ROUTE = endpoints.providerCallback.path;

const rawQuery = (url: string) => {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
};

export const securityRoutes: FastifyPluginAsync<{
  security: SecurityService;
  auth: Auth;
  publicUrl: string;
  callbackProviders: ReadonlySet<string>;
}> = async (app, { security, auth, publicUrl, callbackProviders }) => {
  route(app, endpoints.providers, async () => ({ providers: security.providers() }));

  route(app, endpoints.startOAuth, async (request, reply) =>
    withCookies(reply, await security.startOAuth(request.params.provider, request.body?.redirect, requestContext(request))),
  );

  // Providers send the browser back here (Apple as a form post); the auth library checks state and signs the person in.
  // The library routes on the URL it is given, so that URL is built from a configured provider's name, never from
  // the request's path: a crafted path (`x\..\sign-in\email`, `%2e%2e%2f…`) must not reach any other endpoint.
  const forwardToAuthLibrary: EndpointHandler<typeof endpoints.providerCallback | typeof endpoints.providerFormCallback> = async (
    request,
    reply,
  ) => {
    const provider = [...callbackProviders].find((id) => id === request.params.provider);
    if (!provider) throw notFound('route_not_found', { context: 'provider' });
    const target = new URL(`/api/auth/callback/${provider}`, publicUrl);
    target.search = new URLSearchParams(rawQuery(request.url)).toString();
    const body = typeof request.body === 'string' ? request.body : undefined;
    const response = await auth.handler(new Request(target, { method: request.method, headers: requestContext(request).headers, body }));
    reply.status(response.status);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const location = response.headers.get('location');
    if (location) reply.header('location', location);
    reply.header('cache-control', 'no-store');
    return reply.type(response.headers.get('content-type') ?? 'text/plain').send(await response.text());
  };
  await app.register(async (callbacks) => {
    callbacks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    route(callbacks, endpoints.providerCallback, forwardToAuthLibrary, { hidden: true });
    route(callbacks, endpoints.providerFormCallback, forwardToAuthLibrary, { hidden: true });
  });

  route(app, endpoints.overview, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return security.overview(request.viewer);
  });

  route(app, endpoints.changePassword, async (request, reply) =>
    withCookies(reply, await security.changePassword(request.viewer, request.body, requestContext(request))),
  );

  route(app, endpoints.enableTwoFactor, async (request, reply) =>
    withCookies(reply, await security.enableTwoFactor(request.viewer, request.body.password, requestContext(request))),
  );

  route(app, endpoints.confirmTwoFactor, async (request, reply) =>
    withCookies(reply, await security.confirmTwoFactor(request.viewer, request.body.code, requestContext(request))),
  );

  route(app, endpoints.disableTwoFactor, async (request, reply) =>
    withCookies(reply, await security.disableTwoFactor(request.viewer, request.body.password, requestContext(request))),
  );

  route(app, endpoints.newBackupCodes, async (request) =>
    security.regenerateBackupCodes(request.viewer, request.body.password, requestContext(request)),
  );

  route(app, endpoints.revokeSession, async (request) => security.revokeSession(request.viewer, request.params.sessionId));

  route(app, endpoints.signOutOthers, async (request) =>
    security.signOutOtherDevices(request.viewer, request.body?.revokeAccessTokens ?? false),
  );

  route(app, endpoints.connectAccount, async (request, reply) =>
    withCookies(reply, await security.linkAccount(request.viewer, request.params.provider, requestContext(request))),
  );

  route(app, endpoints.disconnectAccount, async (request) => security.unlinkAccount(request.viewer, request.params.provider));

  route(app, endpoints.deleteAccount, async (request, reply) =>
    withCookies(reply, await security.deleteAccount(request.viewer, request.body, requestContext(request))),
  );
};
