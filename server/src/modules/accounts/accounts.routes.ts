import {
  ForgotPasswordBodySchema,
  MeSchema,
  OkSchema,
  OnboardingSchema,
  OnboardingUpdateSchema,
  ProfileUpdateSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
  SignInResultSchema,
  TwoFactorChallengeBodySchema,
} from '@hearsay/contracts/accounts';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_IP_HEADER } from '../../platform/auth/auth.ts';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { badRequest } from '../../platform/errors.ts';
import { AVATAR_MAX_BYTES } from './avatars.ts';
import type { AccountsService, RequestContext } from './accounts.service.ts';

const UserBodySchema = MeSchema.extend({ user: MeSchema.shape.user.unwrap() });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };

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

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  // Every request: who is signed in (only when a session cookie is present at all).
  app.addHook('onRequest', async (request) => {
    if (!request.headers.cookie?.includes('hearsay.session_token')) return;
    request.viewer = await accounts.viewerFor(requestContext(request).headers);
  });

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create an account and start a session',
        body: RegisterBodySchema,
        response: { 200: UserBodySchema, ...errors },
      },
    },
    async (request, reply) => withCookies(reply, await accounts.register(request.body, requestContext(request))),
  );

  app.post(
    '/api/auth/sign-in',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password (answers twoFactorRequired when a second factor is needed)',
        body: SignInBodySchema,
        response: { 200: SignInResultSchema, ...errors },
      },
    },
    async (request, reply) => withCookies(reply, await accounts.signIn(request.body, requestContext(request))),
  );

  app.post(
    '/api/auth/two-factor',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Finish a two-factor sign-in with an authenticator or backup code',
        body: TwoFactorChallengeBodySchema,
        response: { 200: UserBodySchema, ...errors },
      },
    },
    async (request, reply) => withCookies(reply, await accounts.completeTwoFactor(request.body, requestContext(request))),
  );

  app.post(
    '/api/auth/sign-out',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End this session and clear its cookie',
        body: z.object({}).optional(),
        response: { 200: OkSchema },
      },
    },
    async (request, reply) => withCookies(reply, await accounts.signOut(requestContext(request))),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a password reset link (same answer whether or not the address has an account)',
        body: ForgotPasswordBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => accounts.requestPasswordReset(request.body.email, requestContext(request)),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Choose a new password with the link from the e-mail',
        body: ResetPasswordBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => accounts.resetPassword(request.body, requestContext(request)),
  );

  app.get(
    '/api/me',
    {
      schema: { tags: ['accounts'], summary: 'Who is signed in on this browser (user is null for a visitor)', response: { 200: MeSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.viewer ? await accounts.currentUser(request.viewer.id) : null };
    },
  );

  const profileRoute = {
    schema: {
      tags: ['accounts'],
      summary: 'Update your profile (spec §7): bio, avatarUrl, preferredGenres, favoriteArtists, onboardingCompleted, name',
      body: ProfileUpdateSchema,
      response: { 200: UserBodySchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
    },
  };
  app.put('/api/auth/profile', profileRoute, async (request) => accounts.updateProfile(requireViewer(request).id, request.body));
  // Creating a profile that already exists returns it (every account gets one at sign-up), so a body is optional.
  app.post('/api/auth/profile', { schema: { ...profileRoute.schema, body: ProfileUpdateSchema.optional() } }, async (request) =>
    accounts.updateProfile(requireViewer(request).id, {}),
  );

  const AvatarSchema = z.object({ avatarUrl: z.string().nullable() });
  app.post(
    '/api/me/avatar',
    {
      config: { pace: 'picture' },
      schema: {
        tags: ['accounts'],
        summary: 'Upload a profile picture (multipart field "file"; JPEG, PNG, WebP or GIF up to 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: AvatarSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES } });
      if (!file) throw badRequest('file_required', 'Please choose a picture to upload.');
      const upload = await file.toBuffer();
      return accounts.uploadAvatar(viewer.id, upload);
    },
  );
  app.delete(
    '/api/me/avatar',
    { schema: { tags: ['accounts'], summary: 'Remove your profile picture', response: { 200: AvatarSchema, 401: ErrorBodySchema } } },
    async (request) => accounts.removeAvatar(requireViewer(request).id),
  );

  app.get(
    '/api/me/onboarding',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Onboarding progress and the genre groups to choose from',
        response: { 200: OnboardingSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => accounts.onboarding(requireViewer(request).id),
  );

  app.put(
    '/api/me/onboarding',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Save an onboarding step (genres, artists) or finish onboarding',
        body: OnboardingUpdateSchema,
        response: { 200: OnboardingSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => accounts.saveOnboarding(requireViewer(request).id, request.body),
  );
};
