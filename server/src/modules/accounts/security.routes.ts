import { OkSchema } from '@hearsay/contracts/accounts';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import {
  BackupCodesSchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  OAuthStartBodySchema,
  OAuthStartSchema,
  PasswordConfirmationSchema,
  ProviderIdSchema,
  ProvidersSchema,
  SecurityOverviewSchema,
  TwoFactorCodeBodySchema,
  TwoFactorEnrolmentSchema,
} from '@hearsay/contracts/security';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../platform/auth/auth.ts';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { notFound } from '../../platform/errors.ts';
import { requestContext, withCookies } from './accounts.routes.ts';
import type { SecurityService } from './security.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };
const tags = ['security'];

/** The one route that forwards to the auth library; the CSRF guard exempts it by this pattern, not by a URL prefix. */
export const OAUTH_CALLBACK_ROUTE = '/api/auth/callback/:provider';

const rawQuery = (url: string) => {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
};

export const securityRoutes: FastifyPluginAsyncZod<{
  security: SecurityService;
  auth: Auth;
  publicUrl: string;
  callbackProviders: ReadonlySet<string>;
}> = async (app, { security, auth, publicUrl, callbackProviders }) => {
  app.get(
    '/api/auth/providers',
    { schema: { tags, summary: 'Sign-in providers and whether this site has them set up', response: { 200: ProvidersSchema } } },
    async () => ({ providers: security.providers() }),
  );

  app.post(
    '/api/auth/oauth/:provider',
    {
      schema: {
        tags,
        summary: 'Start signing in with a provider; the browser then goes to the returned URL',
        params: z.object({ provider: ProviderIdSchema }),
        body: OAuthStartBodySchema.optional(),
        response: { 200: OAuthStartSchema, 502: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      withCookies(reply, await security.startOAuth(request.params.provider, request.body?.redirect, requestContext(request))),
  );

  // Providers send the browser back here (Apple as a form post); the auth library checks state and signs the person in.
  // The library routes on the URL it is given, so that URL is built from a configured provider's name, never from
  // the request's path: a crafted path (`x\..\sign-in\email`, `%2e%2e%2f…`) must not reach any other endpoint.
  await app.register(async (callbacks) => {
    callbacks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    callbacks.withTypeProvider<ZodTypeProvider>().route({
      method: ['GET', 'POST'],
      url: OAUTH_CALLBACK_ROUTE,
      schema: { hide: true, params: z.object({ provider: z.string() }) },
      handler: async (request, reply) => {
        const provider = [...callbackProviders].find((id) => id === request.params.provider);
        if (!provider) throw notFound('route_not_found', 'This site has no such sign-in provider.');
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
      },
    });
  });

  app.get(
    '/api/me/security',
    {
      schema: {
        tags,
        summary: 'Password, two-factor, sessions and connected accounts',
        response: { 200: SecurityOverviewSchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return security.overview(requireViewer(request));
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        tags,
        summary: 'Change your password (current password required)',
        body: ChangePasswordBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request, reply) =>
      withCookies(reply, await security.changePassword(requireViewer(request), request.body, requestContext(request))),
  );

  app.post(
    '/api/me/two-factor/enable',
    {
      schema: {
        tags,
        summary: 'Start two-factor enrolment: a TOTP secret (QR code) and backup codes; confirm with a first code',
        body: PasswordConfirmationSchema,
        response: { 200: TwoFactorEnrolmentSchema, ...errors },
      },
    },
    async (request, reply) =>
      withCookies(reply, await security.enableTwoFactor(requireViewer(request), request.body.password, requestContext(request))),
  );

  app.post(
    '/api/me/two-factor/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm enrolment with the first code from the app',
        body: TwoFactorCodeBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request, reply) =>
      withCookies(reply, await security.confirmTwoFactor(requireViewer(request), request.body.code, requestContext(request))),
  );

  app.post(
    '/api/me/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor off (current password required)',
        body: PasswordConfirmationSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request, reply) =>
      withCookies(reply, await security.disableTwoFactor(requireViewer(request), request.body.password, requestContext(request))),
  );

  app.post(
    '/api/me/two-factor/backup-codes',
    {
      schema: {
        tags,
        summary: 'Replace your backup codes (current password required)',
        body: PasswordConfirmationSchema,
        response: { 200: BackupCodesSchema, ...errors },
      },
    },
    async (request) => security.regenerateBackupCodes(requireViewer(request), request.body.password, requestContext(request)),
  );

  app.delete(
    '/api/me/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'End one of your other sessions',
        params: z.object({ sessionId: z.string().min(1).max(100) }),
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => security.revokeSession(requireViewer(request), request.params.sessionId),
  );

  app.post(
    '/api/me/sessions/sign-out-others',
    {
      schema: {
        tags,
        summary: 'Log out of all other devices',
        body: z.object({}).optional(),
        response: { 200: z.object({ ended: z.number().int() }), 401: ErrorBodySchema },
      },
    },
    async (request) => security.signOutOtherDevices(requireViewer(request)),
  );

  app.post(
    '/api/me/connected-accounts/:provider',
    {
      schema: {
        tags,
        summary: 'Connect a provider account; the browser then goes to the returned URL',
        params: z.object({ provider: ProviderIdSchema }),
        body: z.object({}).optional(),
        response: { 200: OAuthStartSchema, 502: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      withCookies(reply, await security.linkAccount(requireViewer(request), request.params.provider, requestContext(request))),
  );

  app.delete(
    '/api/me/connected-accounts/:provider',
    {
      schema: {
        tags,
        summary: 'Disconnect a provider account',
        params: z.object({ provider: ProviderIdSchema }),
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => security.unlinkAccount(requireViewer(request), request.params.provider),
  );

  app.delete(
    '/api/me',
    { schema: { tags, summary: 'Delete your account for good', body: DeleteAccountBodySchema, response: { 200: OkSchema, ...errors } } },
    async (request, reply) =>
      withCookies(reply, await security.deleteAccount(requireViewer(request), request.body, requestContext(request))),
  );
};
