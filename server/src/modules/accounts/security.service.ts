import type {
  ChangePasswordBody,
  DeleteAccountBody,
  Provider,
  ProviderId,
  SecurityOverview,
  TwoFactorEnrolment,
} from '@hearsay/contracts/security';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { authProviderId, callAuth, type Auth } from '../../platform/auth/auth.ts';
import { passwordProblem, verifyPassword } from '../../platform/auth/passwords.ts';
import { enforceLimit, HOUR_MS, type RateLimiter } from '../../platform/auth/rate-limiter.ts';
import type { OAuthConfig } from '../../platform/config.ts';
import type { DB } from '../../platform/db/index.ts';
import { AppError, badRequest, notFound, fieldIssue } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import type { RequestContext, WithCookies } from './accounts.service.ts';
import * as repository from './accounts.repository.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AccessTokensService } from '../access-tokens/access-tokens.service.ts';
import type { ProfileRows } from '../profiles/profiles.service.ts';
import { rememberTotpCode } from './totp-replay.ts';
import { describeUserAgent } from './user-agents.ts';

const PROVIDER_NAMES: Record<Exclude<ProviderId, 'oidc'>, string> = {
  spotify: 'Spotify',
  apple: 'Apple Music',
  facebook: 'Facebook',
  x: 'X',
};

/** Runs before a person is deleted, so each module can take them out of its totals (album averages, follower counts…). */
export type ForgetPerson = (userId: string) => Promise<void>;

export interface SecurityServiceDeps {
  db: DB;
  auth: Auth;
  limiter: RateLimiter;
  clock: () => Date;
  oauth: OAuthConfig;
  dataDir: string;
  limitMultiplier: number;
  forgetPerson: ForgetPerson[];
  /** Live updates of the sessions a change ends stop at once. */
  realtime: Pick<Realtime, 'disconnect'>;
  /** A password change and "sign out of all other devices" revoke the person's access tokens when asked to. */
  tokens: Pick<AccessTokensService, 'revokeAll'>;
  /** The picture to delete with an account (profiles owns the row). */
  profiles: Pick<ProfileRows, 'ownProfile'>;
  /** The ids of a person's collections, which go with the account and leave search (the collections service's). */
  collectionIdsOf: (userId: string) => Promise<string[]>;
}

export type SecurityService = ReturnType<typeof createSecurityService>;

/**
 * Settings → Security, Connected Accounts and Delete Account. Every change that matters is confirmed with the
 * current password (or, for people without one, a fresh provider sign-in), and wrong passwords are rate-limited.
 */
export function createSecurityService(deps: SecurityServiceDeps) {
  const { db, auth, limiter } = deps;

  /** Checks the current password; ten wrong ones an hour lock these settings for the rest of the hour. */
  async function confirmPassword(viewer: Viewer, password: string | undefined): Promise<void> {
    const key = `password-confirm-fail:user:${viewer.id}`;
    await enforceLimit(limiter, key, 10 * deps.limitMultiplier, HOUR_MS, false);
    const hash = await repository.passwordHash(db, viewer.id);
    if (!hash) throw badRequest('no_password');
    if (!password || !(await verifyPassword({ hash, password }))) {
      await limiter.hit(key, HOUR_MS);
      throw badRequest('wrong_password', undefined, [fieldIssue('body.password', 'wrong_password')]);
    }
  }

  function providers(): Provider[] {
    const social = (Object.keys(PROVIDER_NAMES) as (keyof typeof PROVIDER_NAMES)[]).map((id) => ({
      id,
      name: PROVIDER_NAMES[id],
      available: Boolean(deps.oauth.social[id]),
    }));
    return [...social, { id: 'oidc', name: deps.oauth.oidc?.name ?? 'OpenID Connect', available: Boolean(deps.oauth.oidc) }];
  }

  function requireAvailable(provider: ProviderId) {
    if (!providers().find((entry) => entry.id === provider)?.available) {
      throw badRequest('provider_unavailable');
    }
  }

  const publicProviderId = (stored: string): ProviderId | null =>
    stored === 'twitter' ? 'x' : ((['spotify', 'apple', 'facebook', 'oidc'] as const).find((id) => id === stored) ?? null);

  async function overview(viewer: Viewer): Promise<SecurityOverview> {
    const [hash, twoFactorEnabled, sessions, accounts] = await Promise.all([
      repository.passwordHash(db, viewer.id),
      repository.twoFactorEnabled(db, viewer.id),
      repository.listSessions(db, viewer.id, deps.clock()),
      repository.linkedAccounts(db, viewer.id),
    ]);
    let backupCodesLeft: number | null = null;
    if (twoFactorEnabled) {
      const codes = await auth.api.viewBackupCodes({ body: { userId: viewer.id } }).catch(() => null);
      backupCodesLeft = codes?.backupCodes.length ?? null;
    }
    return {
      hasPassword: Boolean(hash),
      twoFactorEnabled,
      backupCodesLeft,
      sessions: sessions.map((row) => ({
        id: row.id,
        current: row.id === viewer.sessionId,
        ...describeUserAgent(row.user_agent),
        ipAddress: row.ip_address,
        createdAt: new Date(row.created_at).toISOString(),
        lastActiveAt: new Date(row.updated_at).toISOString(),
      })),
      connectedAccounts: accounts.flatMap((row) => {
        const provider = publicProviderId(row.provider_id);
        return provider ? [{ provider, connectedAt: new Date(row.created_at).toISOString() }] : [];
      }),
      providers: providers(),
    };
  }

  async function changePassword(viewer: Viewer, input: ChangePasswordBody, context: RequestContext): Promise<WithCookies<{ ok: true }>> {
    await confirmPassword(viewer, input.currentPassword);
    const problem = passwordProblem(input.newPassword);
    if (problem) throw badRequest('weak_password', problem, [fieldIssue('body.newPassword', 'weak_password', problem)]);
    if (input.newPassword === input.currentPassword) {
      throw badRequest('same_password', undefined, [fieldIssue('body.newPassword', 'same_password')]);
    }
    const result = await callAuth(() =>
      auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: input.signOutOtherDevices ?? true,
        },
        headers: context.headers,
        asResponse: true,
      }),
    );
    if (result.status >= 400) throw badRequest('password_change_failed');
    // A reset link asked for before the change would otherwise still replace the new password.
    await repository.deleteResetTokens(db, viewer.id);
    if (input.signOutOtherDevices ?? true) deps.realtime.disconnect(viewer.id, { exceptSession: viewer.sessionId });
    if (input.revokeAccessTokens ?? false) await deps.tokens.revokeAll(viewer.id);
    return { body: { ok: true }, setCookies: result.setCookies };
  }

  async function enableTwoFactor(viewer: Viewer, password: string, context: RequestContext): Promise<WithCookies<TwoFactorEnrolment>> {
    await confirmPassword(viewer, password);
    if (await repository.twoFactorEnabled(db, viewer.id)) {
      throw badRequest('two_factor_already_enabled');
    }
    const result = await callAuth(() => auth.api.enableTwoFactor({ body: { password }, headers: context.headers, asResponse: true }));
    const totpUri = result.body.totpURI ?? null;
    const backupCodes = result.body.backupCodes ?? null;
    if (result.status >= 400 || !totpUri || !backupCodes) {
      throw badRequest('two_factor_failed', { context: 'setup' });
    }
    const secret = new URL(totpUri).searchParams.get('secret') ?? '';
    return { body: { totpUri, secret, backupCodes }, setCookies: result.setCookies };
  }

  /** The first code from the app proves it is set up; only then does sign-in ask for codes. */
  async function confirmTwoFactor(viewer: Viewer, code: string, context: RequestContext): Promise<WithCookies<{ ok: true }>> {
    await enforceLimit(limiter, `2fa-confirm:user:${viewer.id}`, 20 * deps.limitMultiplier);
    const result = await callAuth(() => auth.api.verifyTOTP({ body: { code }, headers: context.headers, asResponse: true }));
    if (result.status < 400) await rememberTotpCode(limiter, viewer.id, code);
    if (result.status >= 400) {
      throw badRequest('invalid_code', undefined, [fieldIssue('body.code', 'invalid_code')]);
    }
    return { body: { ok: true }, setCookies: result.setCookies };
  }

  async function disableTwoFactor(viewer: Viewer, password: string, context: RequestContext): Promise<WithCookies<{ ok: true }>> {
    await confirmPassword(viewer, password);
    const result = await callAuth(() => auth.api.disableTwoFactor({ body: { password }, headers: context.headers, asResponse: true }));
    if (result.status >= 400) throw badRequest('two_factor_failed', { context: 'disable' });
    return { body: { ok: true }, setCookies: result.setCookies };
  }

  async function regenerateBackupCodes(viewer: Viewer, password: string, context: RequestContext): Promise<{ backupCodes: string[] }> {
    await confirmPassword(viewer, password);
    if (!(await repository.twoFactorEnabled(db, viewer.id))) {
      throw badRequest('two_factor_not_enabled');
    }
    const result = await callAuth(() => auth.api.generateBackupCodes({ body: { password }, headers: context.headers, asResponse: true }));
    const backupCodes = Array.isArray(result.body.backupCodes) ? (result.body.backupCodes as string[]) : null;
    if (result.status >= 400 || !backupCodes) throw badRequest('two_factor_failed', { context: 'backup_codes' });
    return { backupCodes };
  }

  async function revokeSession(viewer: Viewer, sessionId: string): Promise<{ ok: true }> {
    if (sessionId === viewer.sessionId) {
      throw badRequest('current_session');
    }
    if (!(await repository.deleteOwnSession(db, viewer.id, sessionId))) throw notFound('session_not_found');
    deps.realtime.disconnect(viewer.id, { session: sessionId });
    return { ok: true };
  }

  async function signOutOtherDevices(viewer: Viewer, revokeAccessTokens: boolean): Promise<{ ended: number; tokensRevoked: number }> {
    const ended = await repository.deleteOtherSessions(db, viewer.id, viewer.sessionId);
    deps.realtime.disconnect(viewer.id, { exceptSession: viewer.sessionId });
    const tokensRevoked = revokeAccessTokens ? await deps.tokens.revokeAll(viewer.id) : 0;
    return { ended, tokensRevoked };
  }

  /** Starts a sign-in (or sign-up) with a provider: the browser goes to the returned URL and comes back to /auth/callback. */
  async function startOAuth(
    provider: ProviderId,
    redirect: string | undefined,
    context: RequestContext,
  ): Promise<WithCookies<{ url: string }>> {
    requireAvailable(provider);
    await enforceLimit(limiter, `oauth:ip:${context.ip}`, 30 * deps.limitMultiplier);
    const target = redirect ?? '/';
    const result = await callAuth(() =>
      auth.api.signInSocial({
        body: {
          provider: authProviderId(provider) as never,
          callbackURL: `/auth/callback?redirect=${encodeURIComponent(target)}`,
          errorCallbackURL: '/auth/callback?error=oauth',
          newUserCallbackURL: '/auth/callback?redirect=%2Fonboarding',
          disableRedirect: true,
        },
        headers: context.headers,
        asResponse: true,
      }),
    );
    return providerRedirect(result);
  }

  /** Connects a provider account to the signed-in person (Settings → Connected Accounts). */
  async function linkAccount(viewer: Viewer, provider: ProviderId, context: RequestContext): Promise<WithCookies<{ url: string }>> {
    requireAvailable(provider);
    const result = await callAuth(() =>
      auth.api.linkSocialAccount({
        body: {
          provider: authProviderId(provider) as never,
          callbackURL: '/settings?tab=connected',
          errorCallbackURL: '/settings?tab=connected&error=link',
          disableRedirect: true,
        },
        headers: context.headers,
        asResponse: true,
      }),
    );
    return providerRedirect(result);
  }

  async function unlinkAccount(viewer: Viewer, provider: ProviderId): Promise<{ ok: true }> {
    const [accounts, hash] = await Promise.all([repository.linkedAccounts(db, viewer.id), repository.passwordHash(db, viewer.id)]);
    const stored = authProviderId(provider);
    const account = accounts.find((row) => row.provider_id === stored);
    if (!account) throw notFound('account_not_connected');
    if (!hash && accounts.length === 1) {
      throw badRequest('last_sign_in_method');
    }
    await repository.unlinkAccount(db, viewer.id, account.id);
    return { ok: true };
  }

  /**
   * Deletes the account for good: each module first takes the person out of shared totals, then the user row
   * goes and everything of theirs with it (see the Privacy page for the list). The cookie is cleared.
   */
  async function deleteAccount(viewer: Viewer, input: DeleteAccountBody, context: RequestContext): Promise<WithCookies<{ ok: true }>> {
    const hash = await repository.passwordHash(db, viewer.id);
    if (hash) await confirmPassword(viewer, input.password);
    else if (input.confirmation !== 'DELETE') {
      throw badRequest('confirmation_required', undefined, [fieldIssue('body.confirmation', 'confirmation_required')]);
    }
    const avatar = (await deps.profiles.ownProfile(viewer.id))?.avatar_path;
    // Signing out first gets the library's own cookie-clearing headers (names differ over https).
    const signOut = await callAuth(() => auth.api.signOut({ headers: context.headers, asResponse: true }));
    for (const forget of deps.forgetPerson) await forget(viewer.id);
    await repository.deleteUser(db, viewer.id, await deps.collectionIdsOf(viewer.id));
    if (avatar) await rm(join(deps.dataDir, 'uploads', avatar), { force: true });
    return { body: { ok: true }, setCookies: signOut.setCookies };
  }

  return {
    confirmPassword,
    overview,
    providers,
    changePassword,
    enableTwoFactor,
    confirmTwoFactor,
    disableTwoFactor,
    regenerateBackupCodes,
    revokeSession,
    signOutOtherDevices,
    startOAuth,
    linkAccount,
    unlinkAccount,
    deleteAccount,
  };
}

/** The provider's sign-in page to send the browser to, or a clear 502 when the provider could not be reached. */
function providerRedirect(result: { status: number; body: { url?: unknown }; setCookies: string[] }): WithCookies<{ url: string }> {
  if (result.status >= 400 || typeof result.body.url !== 'string') {
    throw new AppError(502, 'provider_failed');
  }
  return { body: { url: result.body.url }, setCookies: result.setCookies };
}
