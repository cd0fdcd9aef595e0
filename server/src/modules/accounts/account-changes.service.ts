import type { EventBus } from '../../platform/events.ts';
import type { ChangeEmailBody, ChangeUsernameBody, CurrentUser, EmailChangeRequested } from '@hearsay/contracts/accounts';
import { createHash, randomBytes } from 'node:crypto';
import { STORED_RESET_PREFIX } from '../../platform/auth/auth.ts';
import { enforceLimit, HOUR_MS, type RateLimiter } from '../../platform/auth/rate-limiter.ts';
import type { DB } from '../../platform/db/index.ts';
import { AppError, badRequest, forbidden, fieldIssue } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import type { Language } from '../../platform/languages.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { confirmNewEmail, emailChanged, emailChangeRequested } from './account-emails.ts';
import * as repository from './account-changes.repository.ts';
import { passwordHash } from './accounts.repository.ts';
import type { RequestContext } from './accounts.service.ts';
import { EMAIL_LINK_HOURS, isReservedUsername, USERNAME_REDIRECT_DAYS } from '@hearsay/contracts/constants';

const DAY_MS = 24 * HOUR_MS;
/** Username changes a day: room to fix a typo twice, too few to cycle through names. */
const USERNAME_CHANGES_PER_DAY = 3;
/** E-mail change requests an hour: each sends two e-mails, one of them to an address anyone may type. */
const EMAIL_REQUESTS_PER_HOUR = 5;
/** Someone without a password proves it is them by a recent sign-in with their provider. */
const FRESH_SIGN_IN_MS = HOUR_MS;

export interface AccountChangesDeps {
  db: DB;
  limiter: RateLimiter;
  clock: () => Date;
  mailer: Mailer;
  publicUrl: string;
  limitMultiplier: number;
  /** The current password check of Settings → Security (shares its count of wrong passwords). */
  confirmPassword: (viewer: Viewer, password: string | undefined) => Promise<void>;
  currentUser: (userId: string) => Promise<CurrentUser | null>;
  /** The language a person's e-mails are written in (their Settings → Appearance choice). */
  languageOf: (userId: string) => Promise<Language>;
  onMailError: (error: unknown) => void;
  /** Told when a username changed (other sites are sent the member's actor again; its id stays). */
  events?: Pick<EventBus, 'emit'>;
}

export type AccountChangesService = ReturnType<typeof createAccountChangesService>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Changing the username and the e-mail address (Settings → Account), both confirmed with the current password. A new
 * username takes effect at once and the old one leads to the person for 90 days; a new address takes effect only
 * once the link mailed to it is opened, and the old address is told both when it is asked for and when it is done.
 */
export function createAccountChangesService(deps: AccountChangesDeps) {
  const { db, limiter } = deps;
  const limit = (base: number) => base * deps.limitMultiplier;

  /** The current password, or for people without one a sign-in with their provider within the hour. */
  async function reauthenticate(viewer: Viewer, password: string | undefined): Promise<void> {
    if (await passwordHash(db, viewer.id)) return deps.confirmPassword(viewer, password);
    const started = await repository.sessionStartedAt(db, viewer.sessionId);
    if (!started || deps.clock().getTime() - started.getTime() > FRESH_SIGN_IN_MS) {
      throw forbidden('sign_in_again');
    }
  }

  function send(message: Parameters<Mailer['send']>[0]) {
    void deps.mailer.send(message).catch((error: unknown) => deps.onMailError(error));
  }

  async function changeUsername(viewer: Viewer, input: ChangeUsernameBody): Promise<{ user: CurrentUser }> {
    await reauthenticate(viewer, input.password);
    const username = input.username;
    const onUsername = (code: string) => [fieldIssue('body.username', code)];
    const current = await repository.usernameOf(db, viewer.id);
    if (username === current) {
      throw badRequest('same_username', undefined, onUsername('same_username'));
    }
    if (isReservedUsername(username)) {
      throw badRequest('username_reserved', undefined, onUsername('username_reserved'));
    }
    const now = deps.clock();
    const holder = await repository.usernameHolder(db, username, new Date(now.getTime() - USERNAME_REDIRECT_DAYS * DAY_MS).toISOString());
    if (holder && holder !== viewer.id) {
      throw new AppError(409, 'username_taken', { issues: onUsername('username_taken') });
    }
    const pace = `username-change:user:${viewer.id}`;
    await enforceLimit(limiter, pace, limit(USERNAME_CHANGES_PER_DAY), DAY_MS, false, 'username');
    try {
      await repository.rename(db, viewer.id, current ?? viewer.id, username, now.toISOString());
    } catch (error) {
      // Someone signed up with the name between the check and the write.
      if (await repository.usernameHolder(db, username, now.toISOString())) {
        throw new AppError(409, 'username_taken', { issues: onUsername('username_taken') });
      }
      throw error;
    }
    await limiter.hit(pace, DAY_MS);
    deps.events?.emit('profile.changed', { userId: viewer.id });
    const user = await deps.currentUser(viewer.id);
    if (!user) throw new AppError(404, 'profile_not_found');
    return { user };
  }

  async function requestEmailChange(viewer: Viewer, input: ChangeEmailBody): Promise<EmailChangeRequested> {
    await reauthenticate(viewer, input.password);
    const email = input.email.trim().toLowerCase();
    const account = await repository.accountOf(db, viewer.id);
    if (!account) throw new AppError(404, 'profile_not_found');
    if (email === account.email) {
      throw badRequest('same_email', undefined, [fieldIssue('body.email', 'same_email')]);
    }
    await enforceLimit(limiter, `email-change:user:${viewer.id}`, limit(EMAIL_REQUESTS_PER_HOUR), HOUR_MS);
    // The same answer sign-up gives for an address in use: no more than that is told.
    if (await repository.emailHolder(db, email)) {
      throw new AppError(409, 'email_taken', { issues: [fieldIssue('body.email', 'email_taken')] });
    }
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + EMAIL_LINK_HOURS * HOUR_MS).toISOString();
    await repository.savePendingEmailChange(db, {
      user_id: viewer.id,
      new_email: email,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    });
    const language = await deps.languageOf(viewer.id);
    const link = `${deps.publicUrl}/settings/confirm-email?token=${encodeURIComponent(token)}`;
    try {
      await deps.mailer.send({
        to: email,
        ...confirmNewEmail(language, { name: account.name, newEmail: email, link, hours: EMAIL_LINK_HOURS }),
      });
    } catch (error) {
      deps.onMailError(error);
      await repository.deletePendingEmailChange(db, viewer.id);
      throw new AppError(502, 'mail_failed');
    }
    send({
      to: account.email,
      ...emailChangeRequested(language, { name: account.name, newEmail: email, settingsLink: `${deps.publicUrl}/settings?tab=security` }),
    });
    return { email, expiresAt };
  }

  async function confirmEmail(token: string, context: RequestContext): Promise<{ email: string }> {
    await enforceLimit(limiter, `email-confirm:ip:${context.ip}`, limit(30), HOUR_MS);
    const pending = await repository.pendingEmailChange(db, hashToken(token));
    const now = deps.clock().toISOString();
    if (!pending || pending.expires_at <= now) {
      if (pending) await repository.deletePendingEmailChange(db, pending.user_id);
      throw badRequest('email_link_invalid');
    }
    const account = await repository.accountOf(db, pending.user_id);
    if (!account) throw badRequest('email_link_invalid');
    if (!(await repository.applyEmailChange(db, account.id, pending.new_email, STORED_RESET_PREFIX))) {
      throw new AppError(409, 'email_taken');
    }
    const language = await deps.languageOf(account.id);
    send({ to: account.email, ...emailChanged(language, { name: account.name, newEmail: pending.new_email, siteUrl: deps.publicUrl }) });
    return { email: pending.new_email };
  }

  return { changeUsername, requestEmailChange, confirmEmail, reauthenticate };
}

/**
 * Who holds a username, for the profiles module's addresses: the person it names now, or the one who gave it up after
 * `since` (an old name leads to its person for 90 days). Made before the accounts module's services, as profiles is.
 */
export function createUsernameLookup(db: DB) {
  return (username: string, since: string) => repository.usernameHolder(db, username, since);
}
