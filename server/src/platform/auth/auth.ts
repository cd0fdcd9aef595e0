import { betterAuth } from 'better-auth';
import { createHash } from 'node:crypto';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import type { OAuthConfig, SocialProviderId } from '../config.ts';
import type { DB, Dialect } from '../db/index.ts';
import { newId } from '../ids.ts';
import type { Language } from '../languages.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordEmail } from './reset-email.ts';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './passwords.ts';

export const SESSION_IDLE_DAYS = 30;
export const SESSION_ABSOLUTE_DAYS = 90;
/** A session in use is extended (its expiry pushed 30 days on) at most once in this many seconds. */
export const SESSION_REFRESH_SECONDS = 24 * 3600;
export const MAX_SESSIONS_PER_PERSON = 10;
const RESET_LINK_MINUTES = 60;
/** Set by our routes from request.ip; any value a client sends is overwritten. */
export const CLIENT_IP_HEADER = 'x-hearsay-client-ip';

/** How the library names a reset token it looks up (`reset-password:<token>`), and how Hearsay stores it instead. */
const RESET_IDENTIFIER = 'reset-password:';
export const STORED_RESET_PREFIX = 'reset-password-sha256:';

/**
 * A reset token as the verification table holds it: only its SHA-256, so someone who can read the table cannot
 * use a link. The prefix differs from the library's plain one, so a stored value sent back as a token never matches.
 */
export function storedResetIdentifier(token: string): string {
  return `${STORED_RESET_PREFIX}${createHash('sha256').update(token).digest('base64url')}`;
}

export interface AuthOptions {
  db: DB;
  dialect: Dialect;
  publicUrl: string;
  secret: string;
  secureCookies: boolean;
  oauth: OAuthConfig;
  mailer: Mailer;
  onMailError: (error: unknown) => void;
  /** The language a person's e-mails are written in (their Settings → Appearance choice). */
  languageOf: (userId: string) => Promise<Language>;
  /** Runs inside sign-up, right after the user row is written (username, profile). */
  onUserCreated: (user: { id: string; name: string }) => Promise<void>;
  onSessionCreated: (session: { userId: string }) => Promise<void>;
}

/**
 * Better Auth on our own database and tables (snake_case), with argon2id hashing. Hearsay's own
 * routes (modules/accounts) call its server API, so every answer keeps our error shape, messages
 * and rate limits; Better Auth owns sessions, cookies, tokens and password storage.
 */
export function createAuth(options: AuthOptions) {
  const { social, oidc } = options.oauth;
  return betterAuth({
    appName: 'Hearsay',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    // Apple answers the callback with a form POST from its own origin.
    trustedOrigins: [options.publicUrl, ...(social.apple ? ['https://appleid.apple.com'] : [])],
    socialProviders: Object.fromEntries(
      Object.entries(social).map(([id, credentials]) => [authProviderId(id as SocialProviderId), credentials]),
    ),
    plugins: [
      twoFactor({
        issuer: 'Hearsay',
        // After 10 wrong codes in a row the second factor is locked for 15 minutes (the challenge itself allows 5).
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
        backupCodeOptions: { amount: 10, length: 10 },
        schema: {
          user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
          twoFactor: {
            modelName: 'two_factor',
            fields: {
              userId: 'user_id',
              backupCodes: 'backup_codes',
              failedVerificationCount: 'failed_verification_count',
              lockedUntil: 'locked_until',
            },
          },
        },
      }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret || undefined,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    database: { db: options.db, type: options.dialect },
    telemetry: { enabled: false },
    // A provider sign-in that fails ends on the web app's page, which names the reason (`?error=…`).
    onAPIError: { errorURL: `${options.publicUrl}/auth/callback` },
    rateLimit: { enabled: false },
    logger: { disabled: true },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${options.publicUrl}/reset-password?userId=${encodeURIComponent(user.id)}&secret=${encodeURIComponent(token)}`;
        // Sent in the background: waiting for the mail server would tell an attacker the address exists.
        void (async () =>
          options.mailer.send({
            to: user.email,
            ...resetPasswordEmail(await options.languageOf(user.id), { name: user.name, link, minutes: RESET_LINK_MINUTES }),
          }))().catch((error: unknown) => options.onMailError(error));
      },
    },
    session: {
      modelName: 'session',
      expiresIn: SESSION_IDLE_DAYS * 24 * 3600,
      updateAge: SESSION_REFRESH_SECONDS,
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    user: {
      modelName: 'user',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        username: { type: 'string', required: false, input: false, fieldName: 'username' },
      },
    },
    account: {
      modelName: 'account',
      // Linking happens only from Settings, by the signed-in owner (it may use another address: a Spotify login often
      // does). A provider sign-in with the address of an existing account never links silently: that would let
      // whoever controls the address at the provider take the account over.
      accountLinking: { enabled: true, allowDifferentEmails: true, disableImplicitLinking: true },
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verification',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      storeIdentifier: {
        default: 'plain',
        overrides: { [RESET_IDENTIFIER]: { hash: async (identifier) => storedResetIdentifier(identifier.slice(RESET_IDENTIFIER.length)) } },
      },
    },
    advanced: {
      cookiePrefix: 'hearsay',
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => newId() },
      // Sessions record the client address Fastify worked out (which honours TRUST_PROXY only).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: { create: { after: async (user) => options.onUserCreated({ id: user.id, name: user.name }) } },
      session: { create: { after: async (session) => options.onSessionCreated({ userId: session.userId }) } },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Hearsay calls X by its current name; the auth library still knows it as twitter. */
export function authProviderId(id: SocialProviderId | 'oidc'): string {
  return id === 'x' ? 'twitter' : id;
}

/**
 * The library's names of the providers this site has set up: the only callback paths that may be handed to the
 * library. Every other library endpoint stays unreachable from outside, however a URL spells it.
 */
export function callbackProviderIds(oauth: OAuthConfig): ReadonlySet<string> {
  const configured = (Object.keys(oauth.social) as SocialProviderId[]).map(authProviderId);
  return new Set(oauth.oidc ? [...configured, 'oidc'] : configured);
}

/** What our services need from one of the library's endpoints: status, JSON body (empty when none) and cookies to pass on. */
export interface AuthAnswer {
  status: number;
  body: {
    code?: string;
    message?: string;
    user?: { id: string };
    twoFactorRedirect?: boolean;
    url?: string;
    totpURI?: string;
    backupCodes?: string[];
  };
  setCookies: string[];
}

/** Runs an endpoint with `asResponse: true` and reads its answer without ever throwing on a non-JSON body. */
export async function callAuth(endpoint: () => Promise<Response>): Promise<AuthAnswer> {
  const response = await endpoint();
  const text = await response.text();
  let body: AuthAnswer['body'];
  try {
    body = text ? (JSON.parse(text) as AuthAnswer['body']) : {};
  } catch {
    body = {};
  }
  return { status: response.status, body, setCookies: response.headers.getSetCookie() };
}
