import type {
  CurrentUser,
  OnboardingUpdate,
  RegisterBody,
  ResetPasswordBody,
  SignInBody,
  ProfileUpdate,
  SignInResult,
  TwoFactorChallengeBody,
} from '@hearsay/contracts/accounts';
import { callAuth, type Auth } from '../../platform/auth/auth.ts';
import { MAX_SESSIONS_PER_PERSON, SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS, SESSION_REFRESH_SECONDS } from '../../platform/auth/auth.ts';
import { passwordProblem } from '../../platform/auth/passwords.ts';
import { enforceLimit, HOUR_MS as HOUR, type RateLimiter } from '../../platform/auth/rate-limiter.ts';
import { isDatabaseUnavailable, type DB } from '../../platform/db/index.ts';
import { AppError, badRequest, conflict, fieldIssue } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import type { Language } from '../../platform/languages.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { signInsGuessed } from './account-emails.ts';
import type { AccessTokensService } from '../access-tokens/access-tokens.service.ts';
import * as repository from './accounts.repository.ts';
import { removeAvatar, saveAvatar } from './avatars.ts';
import type { EventBus } from '../../platform/events.ts';
import { deviceCookies } from './device-cookies.ts';
import { sessionTokenReader } from './session-cookie.ts';
import { challengedUserId, rememberTotpCode, totpCodeUsed } from './totp-replay.ts';
import { getOnboarding, saveOnboarding, type OnboardingDeps } from './onboarding.ts';
import type { ProfileFields, ProfileRows } from '../profiles/profiles.service.ts';
import { uniqueUsername } from './usernames.ts';
import { uploadUrl } from '../../platform/http/uploads.ts';

/** What a request looks like to the accounts service: its headers (cookie, user agent) and client address. */
export interface RequestContext {
  headers: Headers;
  ip: string;
}

/** An answer that may set or clear cookies. */
export interface WithCookies<T> {
  body: T;
  setCookies: string[];
}

export interface AccountsServiceDeps {
  /** Told when what other sites show of a member (name, bio, avatar) changed. */
  events?: Pick<EventBus, 'emit'>;
  db: DB;
  auth: Auth;
  limiter: RateLimiter;
  clock: () => Date;
  dataDir: string;
  /** Signs device cookies. */
  secret: string;
  /** Whether cookies are `Secure` with the `__Secure-` prefix (an https site), as the session cookie is. */
  secureCookies: boolean;
  /** Multiplies every limit (kept at 1 in production; end-to-end runs sign many people up from one address). */
  limitMultiplier: number;
  log: { error(details: object, message: string): void };
  mailer: Mailer;
  publicUrl: string;
  /** The language a person's e-mails are written in (their Settings → Appearance choice). */
  languageOf: (userId: string) => Promise<Language>;
  /** A password reset revokes the person's personal access tokens. */
  tokens: Pick<AccessTokensService, 'revokeAll'>;
  /** The profile row: made at sign-up, its fields edited and read with the account (profiles owns it). */
  profiles: Pick<ProfileRows, 'create' | 'ownProfile' | 'updateFields'>;
  /** The onboarding's genres and artists. */
  catalog: OnboardingDeps['catalog'];
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Failed sign-ins an hour. From browsers without the account's device cookie they are counted per account and client
 * address (`accountFromClient`), so one address's guesses lock out that address and not the owner elsewhere, and per
 * account (`account`), a ceiling far above what ten addresses reach; from `notice` on, the owner is told (once an
 * hour). A device cookie has its own count (past it the cookie is no longer trusted); one client address, whatever the
 * account, has `client`.
 */
const SIGN_IN_FAILURES = { accountFromClient: 10, account: 200, notice: 10, device: 10, client: 50 } as const;

/**
 * Recovery requests an hour: a client address gets 3 for any one address and 10 in all. The address itself is never
 * refused, which would keep its owner from recovering: its mails are paced instead, one every RECOVERY_MAIL_MS, and a
 * request in between is answered the same way but sends nothing and issues no token, so the newest link sent works.
 */
const RECOVERY = { clientPerAccount: 3, client: 10 } as const;
const RECOVERY_MAIL_MS = 5 * 60_000;

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, auth, limiter } = deps;
  const limit = (base: number) => base * deps.limitMultiplier;
  const onboardingDeps: OnboardingDeps = { catalog: deps.catalog, profiles: deps.profiles };

  const enforce = (key: string, max: number, windowMs = HOUR, count = true) => enforceLimit(limiter, key, max, windowMs, count);
  const devices = deviceCookies({ secret: deps.secret, secure: deps.secureCookies, clock: deps.clock });

  /** The id of the request's device cookie when it belongs to the account of `email` and is still trusted. */
  async function trustedDevice(headers: Headers, email: string): Promise<string | null> {
    const device = devices.read(headers);
    if (!device) return null;
    if ((await limiter.peek(`signin-fail:device:${device.id}`)).count >= limit(SIGN_IN_FAILURES.device)) return null;
    return (await repository.userIdByEmail(db, email)) === device.userId ? device.id : null;
  }

  async function currentUser(userId: string): Promise<CurrentUser | null> {
    const [row, profile] = await Promise.all([repository.findMe(db, userId), deps.profiles.ownProfile(userId)]);
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      username: row.username ?? row.id,
      email: row.email,
      avatarUrl: uploadUrl(profile?.avatar_path ?? null),
      bio: profile?.bio ?? '',
      onboardingCompleted: Boolean(profile?.onboarding_completed),
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** Sign-up: account, profile and username in one go, then the session starts (cookie). */
  async function register(input: RegisterBody, context: RequestContext): Promise<WithCookies<{ user: CurrentUser }>> {
    await enforce(`register:ip:${context.ip}`, limit(10));
    const problem = passwordProblem(input.password);
    if (problem) throw badRequest('weak_password', problem, [fieldIssue('body.password', 'weak_password', problem)]);
    const result = await callAuth(() =>
      auth.api.signUpEmail({
        body: { name: input.name, email: input.email.trim().toLowerCase(), password: input.password },
        headers: context.headers,
        asResponse: true,
      }),
    );
    if (result.status === 422 || result.body.code?.startsWith('USER_ALREADY_EXISTS')) {
      throw conflict('email_taken');
    }
    if (result.status >= 400 || !result.body.user) throw badRequest('registration_failed');
    const user = await currentUser(result.body.user.id);
    if (!user) throw new AppError(500, 'registration_failed');
    return { body: { user }, setCookies: [...result.setCookies, devices.issue(user.id, context.headers)] };
  }

  /** Tells an account's owner that passwords are being guessed from browsers they never used (once an hour). */
  async function tellOwnerOfGuesses(email: string, failures: number): Promise<void> {
    try {
      const owner = await repository.ownerByEmail(db, email);
      if (!owner) return;
      const mail = signInsGuessed(await deps.languageOf(owner.id), { name: owner.name, failures, siteUrl: deps.publicUrl });
      await deps.mailer.send({ to: email, ...mail });
    } catch (error) {
      deps.log.error({ err: error }, 'could not tell an owner of failed sign-ins');
    }
  }

  async function signIn(input: SignInBody, context: RequestContext): Promise<WithCookies<SignInResult>> {
    const email = input.email.trim().toLowerCase();
    // Only failures count. A browser with the account's device cookie is counted on its own, so the owner still
    // signs in while someone else's guesses have locked the account.
    const device = await trustedDevice(context.headers, email);
    const fromClientKey = `signin-fail:email-ip:${email}:${context.ip}`;
    const accountKey = `signin-fail:email:${email}`;
    if (!device) {
      await enforce(fromClientKey, limit(SIGN_IN_FAILURES.accountFromClient), HOUR, false);
      await enforce(accountKey, limit(SIGN_IN_FAILURES.account), HOUR, false);
    }
    await enforce(`signin-fail:ip:${context.ip}`, limit(SIGN_IN_FAILURES.client), HOUR, false);
    const result = await callAuth(() =>
      auth.api.signInEmail({ body: { email, password: input.password }, headers: context.headers, asResponse: true }),
    );
    if (result.status < 400 && result.body.twoFactorRedirect) {
      // Password right, second factor pending: the library set a short-lived challenge cookie, no session yet.
      return { body: { twoFactorRequired: true }, setCookies: result.setCookies };
    }
    if (result.status >= 400 || !result.body.user) {
      await limiter.hit(`signin-fail:ip:${context.ip}`, HOUR);
      // A trusted browser's failures count for its address too: once they distrust it, the address's limit holds.
      await limiter.hit(fromClientKey, HOUR);
      if (device) await limiter.hit(`signin-fail:device:${device}`, HOUR);
      else {
        const { count } = await limiter.hit(accountKey, HOUR);
        // After the answer, so that an address with an account answers as fast as one without.
        if (count === limit(SIGN_IN_FAILURES.notice)) setImmediate(() => void tellOwnerOfGuesses(email, count));
      }
      throw new AppError(401, 'invalid_credentials');
    }
    const user = await currentUser(result.body.user.id);
    if (!user) throw new AppError(401, 'invalid_credentials');
    return { body: { user }, setCookies: [...result.setCookies, devices.issue(user.id, context.headers)] };
  }

  /** The second step of a sign-in with two-factor: an authenticator code or a backup code. */
  async function completeTwoFactor(input: TwoFactorChallengeBody, context: RequestContext): Promise<WithCookies<{ user: CurrentUser }>> {
    await enforce(`2fa-fail:ip:${context.ip}`, limit(30), HOUR, false);
    const body = { code: input.code.replace(/\s+/g, ''), trustDevice: input.trustDevice ?? false };
    const pendingUserId = input.method === 'totp' ? await challengedUserId(db, context.headers) : null;
    if (pendingUserId && (await totpCodeUsed(limiter, pendingUserId, body.code))) {
      throw new AppError(401, 'code_already_used');
    }
    const result = await callAuth(() =>
      input.method === 'totp'
        ? auth.api.verifyTOTP({ body, headers: context.headers, asResponse: true })
        : auth.api.verifyBackupCode({ body, headers: context.headers, asResponse: true }),
    );
    if (result.status >= 400 || !result.body.user) {
      await limiter.hit(`2fa-fail:ip:${context.ip}`, HOUR);
      const code = result.body.code ?? '';
      if (code === 'ACCOUNT_TEMPORARILY_LOCKED') {
        throw new AppError(429, 'two_factor_locked', {
          headers: { 'retry-after': String(15 * 60) },
        });
      }
      if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
        throw new AppError(401, 'two_factor_expired');
      }
      throw new AppError(401, 'invalid_code', { params: { context: input.method } });
    }
    if (input.method === 'totp') await rememberTotpCode(limiter, result.body.user.id, body.code);
    const user = await currentUser(result.body.user.id);
    if (!user) throw new AppError(401, 'two_factor_expired');
    return { body: { user }, setCookies: [...result.setCookies, devices.issue(user.id, context.headers)] };
  }

  async function signOut(context: RequestContext): Promise<WithCookies<{ ok: true }>> {
    const result = await callAuth(() => auth.api.signOut({ headers: context.headers, asResponse: true }));
    return { body: { ok: true }, setCookies: result.setCookies };
  }

  /**
   * Always the same answer in the same time, whether or not the address has an account: the answer waits only for
   * the limits, and the lookup, the token and the e-mail follow it in the background (issuing a token writes, which
   * an unknown address never does, and a busy database would make that write tell). Every limit counts addresses as
   * typed, never accounts, so none of them tells whether an address has one.
   */
  async function requestPasswordReset(emailInput: string, context: RequestContext): Promise<{ ok: true }> {
    const email = emailInput.trim().toLowerCase();
    await enforce(`recover:ip:${context.ip}`, limit(RECOVERY.client));
    await enforce(`recover:ip-email:${context.ip}:${email}`, limit(RECOVERY.clientPerAccount));
    // Within the interval of the last mail: no mail and no new token, which would end the newest link already sent.
    if ((await limiter.hit(`recover:mail:${email}`, RECOVERY_MAIL_MS)).count > 1) return { ok: true };
    // From the next turn of the event loop, once the answer has gone: on SQLite a write waiting for a lock held by
    // another connection stalls the whole process, and that stall must come after the answer, not before it.
    setImmediate(() => {
      callAuth(() =>
        auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers: context.headers, asResponse: true }),
      ).then(
        (answer) => {
          if (answer.status >= 500) deps.log.error({ status: answer.status }, 'could not start a password reset');
        },
        (error: unknown) => deps.log.error({ err: error }, 'could not start a password reset'),
      );
    });
    return { ok: true };
  }

  async function resetPassword(input: ResetPasswordBody, context: RequestContext): Promise<{ ok: true }> {
    await enforce(`reset:ip:${context.ip}`, limit(20));
    const owner = await repository.ownerOfNewestResetSecret(db, input.secret);
    if (!owner || owner !== input.userId) {
      throw badRequest('reset_link_invalid');
    }
    const problem = passwordProblem(input.password);
    if (problem) throw badRequest('weak_password', problem, [fieldIssue('body.password', 'weak_password', problem)]);
    const result = await callAuth(() =>
      auth.api.resetPassword({ body: { newPassword: input.password, token: input.secret }, headers: context.headers, asResponse: true }),
    );
    if (result.status >= 400) {
      throw badRequest('reset_link_invalid');
    }
    await repository.deleteResetTokens(db, owner);
    // A reset is how someone takes back an account: tokens made by whoever had it stop working with the old password.
    await deps.tokens.revokeAll(owner);
    const email = await repository.emailOf(db, owner);
    if (email) await limiter.reset(`signin-fail:email:${email}`);
    return { ok: true };
  }

  const sessionToken = sessionTokenReader({ secret: deps.secret, secure: deps.secureCookies });

  /**
   * The common case without Better Auth: a correctly signed cookie naming a live session that needs no refresh,
   * read with its person and their sanction by indexed lookups (one statement on PostgreSQL). Anything else (no
   * cookie, a bad signature, an expired session, one due for its daily refresh) is left to Better Auth, which decides
   * exactly as before (`undefined`).
   */
  async function quickViewer(cookie: string | undefined): Promise<Viewer | undefined> {
    const token = sessionToken(cookie);
    if (!token) return undefined;
    const row = await repository.sessionWithPerson(db, token);
    if (!row) return undefined;
    // Better Auth's own rule, on its own clock: a session is extended once a day, from its expiry.
    const expiresAt = new Date(row.expires_at).getTime();
    const refreshDue = expiresAt - SESSION_IDLE_DAYS * 24 * HOUR + SESSION_REFRESH_SECONDS * 1000 <= Date.now();
    if (expiresAt <= Date.now() || refreshDue) return undefined;
    if (deps.clock().getTime() - new Date(row.created_at).getTime() > SESSION_ABSOLUTE_DAYS * 24 * HOUR) return undefined;
    const sanction = row.sanction_kind ? { kind: row.sanction_kind, reason: row.sanction_reason ?? '', until: row.sanction_until } : null;
    return {
      id: row.user_id,
      username: row.username ?? row.user_id,
      name: row.name,
      email: row.email,
      sessionId: row.session_id,
      sanction,
    };
  }

  /**
   * The person behind a request's session cookie, or null; sessions past their absolute lifetime end here. `headers`
   * (the whole request, as Better Auth reads it) is built only when the quick path cannot decide: copying every header
   * would cost each signed-in request a few µs.
   */
  async function viewerFor(cookie: string | undefined, headers: () => Headers): Promise<Viewer | null> {
    const quick = await quickViewer(cookie);
    if (quick) return quick;
    const session = await auth.api.getSession({ headers: headers() }).catch((error: unknown) => {
      // A database that cannot be reached is a 503 for the request, not a signed-out person.
      if (isDatabaseUnavailable(error)) throw error;
      return null;
    });
    if (!session) return null;
    const age = deps.clock().getTime() - new Date(session.session.createdAt).getTime();
    if (age > SESSION_ABSOLUTE_DAYS * 24 * HOUR) {
      await repository.deleteSession(db, session.session.id);
      return null;
    }
    const username = (session.user as { username?: string | null }).username ?? session.user.id;
    return { id: session.user.id, username, name: session.user.name, email: session.user.email, sessionId: session.session.id };
  }

  /** Sign-up hook: every person gets a username derived from their name and a profile. */
  async function onUserCreated(user: { id: string; name: string }) {
    const username = await uniqueUsername(user.name, (candidate) => repository.usernameTaken(db, candidate));
    await repository.setUsername(db, user.id, username);
    await deps.profiles.create(user.id, deps.clock().toISOString());
  }

  const onSessionCreated = (session: { userId: string }) => repository.evictOldSessions(db, session.userId, MAX_SESSIONS_PER_PERSON);

  /**
   * Spec §7's profile update: bio, picture, preferred genres, favourite artists, onboarding flag and the name if it
   * changed. A picture must be one this person uploaded (its file name starts with their id).
   */
  async function updateProfile(userId: string, update: ProfileUpdate): Promise<{ user: CurrentUser }> {
    const stamp = deps.clock().toISOString();
    await deps.profiles.create(userId, stamp);
    const changes: ProfileFields = {};
    if (update.bio !== undefined) changes.bio = update.bio;
    if (update.avatarUrl !== undefined) {
      const path = update.avatarUrl?.slice('/uploads/'.length) ?? null;
      if (path && !path.startsWith(`avatars/${userId}-`)) throw badRequest('invalid_avatar');
      changes.avatar_path = path;
    }
    if (update.preferredGenres) changes.preferred_genres = JSON.stringify(update.preferredGenres);
    if (update.favoriteArtists) changes.favorite_artists = JSON.stringify(update.favoriteArtists);
    if (update.onboardingCompleted !== undefined) changes.onboarding_completed = update.onboardingCompleted ? 1 : 0;
    if (Object.keys(changes).length) await deps.profiles.updateFields(userId, changes, stamp);
    const current = await currentUser(userId);
    const renamed = update.name !== undefined && update.name !== current?.name;
    if (renamed) await repository.updateName(db, userId, update.name!, stamp);
    if (renamed || changes.bio !== undefined || changes.avatar_path !== undefined) deps.events?.emit('profile.changed', { userId });
    const user = await currentUser(userId);
    if (!user) throw new AppError(404, 'profile_not_found');
    return { user };
  }

  return {
    /** The device id of a request's device cookie (any account's), for telling one browser's accounts apart. */
    deviceIdOf: (cookie: string | undefined) => devices.read(new Headers(cookie ? { cookie } : {}))?.id ?? null,
    updateProfile,
    uploadAvatar: async (userId: string, upload: Buffer) => {
      const avatarUrl = await saveAvatar(deps.profiles, deps.dataDir, userId, upload, deps.clock().toISOString());
      deps.events?.emit('profile.changed', { userId });
      return { avatarUrl };
    },
    removeAvatar: async (userId: string) => {
      await removeAvatar(deps.profiles, deps.dataDir, userId, deps.clock().toISOString());
      deps.events?.emit('profile.changed', { userId });
      return { avatarUrl: null };
    },
    register,
    signIn,
    completeTwoFactor,
    signOut,
    requestPasswordReset,
    resetPassword,
    currentUser,
    viewerFor,
    onUserCreated,
    onSessionCreated,
    onboarding: (userId: string) => getOnboarding(onboardingDeps, userId),
    saveOnboarding: (userId: string, update: OnboardingUpdate) =>
      saveOnboarding(onboardingDeps, userId, update, deps.clock().toISOString()),
  };
}
