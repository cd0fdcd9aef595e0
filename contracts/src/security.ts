import { z } from 'zod';
import { EmptyBodySchema, NewPasswordSchema, OkSchema } from './accounts.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/** Settings → Security and Connected Accounts, and the sign-in providers a site offers. */

const currentPassword = z.string().min(1, { error: 'current_password_required' }).max(1024);

export const ChangePasswordBodySchema = z.object({
  currentPassword,
  newPassword: NewPasswordSchema,
  /** End every other session once the password has changed. */
  signOutOtherDevices: z.boolean().default(true),
  /** Revoke every personal access token too. Off unless asked: tokens feed the member's own scripts. */
  revokeAccessTokens: z.boolean().default(false),
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

export const PasswordConfirmationSchema = z.object({ password: currentPassword });
export type PasswordConfirmation = z.infer<typeof PasswordConfirmationSchema>;

/** POST /api/me/two-factor/enable: scan the URI (as a QR code) or type the secret, then confirm with a first code. */
export const TwoFactorEnrolmentSchema = z.object({
  totpUri: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

export const TwoFactorCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'totp_code_format' }),
});

export const BackupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

export const SessionParamsSchema = z.object({ sessionId: z.string().min(1).max(100) });

/** "Log out of all other devices", and whether to revoke every personal access token as well (off unless asked). */
export const SignOutOthersBodySchema = z.object({ revokeAccessTokens: z.boolean().default(false) }).optional();
export type SignOutOthersBody = z.input<typeof SignOutOthersBodySchema>;

/** How many other sessions "Log out of all other devices" ended, and how many access tokens it revoked. */
export const OtherSessionsEndedSchema = z.object({ ended: z.number().int(), tokensRevoked: z.number().int() });

export const SessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const ProviderIdSchema = z.enum(['spotify', 'apple', 'facebook', 'x', 'oidc']);
export type ProviderId = z.infer<typeof ProviderIdSchema>;
export const ProviderParamsSchema = z.object({ provider: ProviderIdSchema });

export const ProviderSchema = z.object({
  id: ProviderIdSchema,
  name: z.string(),
  /** False when the site has no credentials for it: shown as unavailable, never faked. */
  available: z.boolean(),
});
export type Provider = z.infer<typeof ProviderSchema>;

export const ProvidersSchema = z.object({ providers: z.array(ProviderSchema) });

export const ConnectedAccountSchema = z.object({
  provider: ProviderIdSchema,
  connectedAt: z.string(),
});
export type ConnectedAccount = z.infer<typeof ConnectedAccountSchema>;

/** GET /api/me/security: everything the Security and Connected Accounts tabs show. */
export const SecurityOverviewSchema = z.object({
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  backupCodesLeft: z.number().int().nullable(),
  sessions: z.array(SessionInfoSchema),
  connectedAccounts: z.array(ConnectedAccountSchema),
  providers: z.array(ProviderSchema),
});
export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;

/** Where to send the browser to continue with a provider. */
export const OAuthStartBodySchema = z.object({
  redirect: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, { error: 'redirect_not_local' })
    .optional(),
});
export const OAuthStartSchema = z.object({ url: z.url() });

export const DeleteAccountBodySchema = z.object({
  /** Required when the account has a password; people who only sign in with a provider type DELETE instead. */
  password: z.string().max(1024).optional(),
  confirmation: z.string().max(20).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

const tags = ['security'];

/**
 * Where providers send the browser back. Any name is accepted here so that the route itself answers 404 to a name
 * this site has not configured, whatever the spelling.
 */
const providerCallback = {
  path: '/api/auth/callback/:provider',
  tags,
  summary: 'Where a sign-in provider sends the browser back; the auth library checks state and signs the person in',
  params: z.object({ provider: z.string() }),
  /** The auth library's answer, passed on as it is: a redirect to the page that finishes the sign-in or shows why not. */
  responses: { 302: z.string(), ...errorResponses(404) },
} as const;

export const securityEndpoints = {
  providers: endpoint({
    method: 'GET',
    path: '/api/auth/providers',
    tags,
    summary: 'Sign-in providers and whether this site has them set up',
    responses: { 200: ProvidersSchema },
  }),
  startOAuth: endpoint({
    method: 'POST',
    path: '/api/auth/oauth/:provider',
    tags,
    summary: 'Start signing in with a provider; the browser then goes to the returned URL',
    params: ProviderParamsSchema,
    body: OAuthStartBodySchema.optional(),
    responses: { 200: OAuthStartSchema, ...errorResponses(400, 429, 502) },
  }),
  providerCallback: endpoint({ method: 'GET', ...providerCallback }),
  /** Apple answers with a form post. */
  providerFormCallback: endpoint({ method: 'POST', ...providerCallback }),
  overview: endpoint({
    method: 'GET',
    path: '/api/me/security',
    access: 'members',
    tags,
    summary: 'Password, two-factor, sessions and connected accounts',
    responses: { 200: SecurityOverviewSchema, ...errorResponses(401) },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/me/password',
    access: 'members',
    tags,
    summary: 'Change your password (current password required)',
    body: ChangePasswordBodySchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 429) },
  }),
  enableTwoFactor: endpoint({
    method: 'POST',
    path: '/api/me/two-factor/enable',
    access: 'members',
    tags,
    summary: 'Start two-factor enrolment: a TOTP secret (QR code) and backup codes; confirm with a first code',
    body: PasswordConfirmationSchema,
    responses: { 200: TwoFactorEnrolmentSchema, ...errorResponses(400, 401, 429) },
  }),
  confirmTwoFactor: endpoint({
    method: 'POST',
    path: '/api/me/two-factor/confirm',
    access: 'members',
    tags,
    summary: 'Confirm enrolment with the first code from the app',
    body: TwoFactorCodeBodySchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 429) },
  }),
  disableTwoFactor: endpoint({
    method: 'POST',
    path: '/api/me/two-factor/disable',
    access: 'members',
    tags,
    summary: 'Turn two-factor off (current password required)',
    body: PasswordConfirmationSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 429) },
  }),
  newBackupCodes: endpoint({
    method: 'POST',
    path: '/api/me/two-factor/backup-codes',
    access: 'members',
    tags,
    summary: 'Replace your backup codes (current password required)',
    body: PasswordConfirmationSchema,
    responses: { 200: BackupCodesSchema, ...errorResponses(400, 401, 429) },
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/api/me/sessions/:sessionId',
    access: 'members',
    tags,
    summary: 'End one of your other sessions',
    params: SessionParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 404) },
  }),
  signOutOthers: endpoint({
    method: 'POST',
    path: '/api/me/sessions/sign-out-others',
    access: 'members',
    tags,
    summary: 'Log out of all other devices, and revoke your access tokens if asked',
    body: SignOutOthersBodySchema,
    responses: { 200: OtherSessionsEndedSchema, ...errorResponses(400, 401) },
  }),
  connectAccount: endpoint({
    method: 'POST',
    path: '/api/me/connected-accounts/:provider',
    access: 'members',
    tags,
    summary: 'Connect a provider account; the browser then goes to the returned URL',
    params: ProviderParamsSchema,
    body: EmptyBodySchema,
    responses: { 200: OAuthStartSchema, ...errorResponses(400, 401, 502) },
  }),
  disconnectAccount: endpoint({
    method: 'DELETE',
    path: '/api/me/connected-accounts/:provider',
    access: 'members',
    tags,
    summary: 'Disconnect a provider account',
    params: ProviderParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 404) },
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/me',
    access: 'members',
    tags,
    summary: 'Delete your account for good',
    body: DeleteAccountBodySchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 429) },
  }),
};
