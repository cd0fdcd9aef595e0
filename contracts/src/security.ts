import { z } from 'zod';
import { NewPasswordSchema } from './accounts.ts';

/** Settings → Security and Connected Accounts, and the sign-in providers a site offers. */

const currentPassword = z.string().min(1, { error: 'Please enter your current password' }).max(1024);

export const ChangePasswordBodySchema = z.object({
  currentPassword,
  newPassword: NewPasswordSchema,
  /** End every other session once the password has changed. */
  signOutOtherDevices: z.boolean().default(true),
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
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app' }),
});

export const BackupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

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
    .regex(/^\/(?!\/)/, { error: 'redirect must be a path on this site' })
    .optional(),
});
export const OAuthStartSchema = z.object({ url: z.url() });

export const DeleteAccountBodySchema = z.object({
  /** Required when the account has a password; people who only sign in with a provider type DELETE instead. */
  password: z.string().max(1024).optional(),
  confirmation: z.string().max(20).optional(),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;
