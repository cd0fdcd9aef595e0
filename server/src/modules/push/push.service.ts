import { createECDH, createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import { validatePublicUrl } from '@fedify/vocab-runtime';
import type { NotificationKind } from '@hearsay/contracts/notifications';
import type { PushPayload, PushSubscription, PushSubscriptionBody } from '@hearsay/contracts/push';
import type { MemberSettings } from '@hearsay/contracts/settings';
import webPush from 'web-push';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, fieldIssue, forbidden, notFound } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import { translator } from '../../platform/i18n/index.ts';
import { newId } from '../../platform/ids.ts';
import type { Job, JobHandler, Jobs, Step } from '../../platform/jobs/runner.ts';
import { readLanguage } from '../../platform/languages.ts';
import * as repository from './push.repository.ts';

export const PUSH_DELIVERY_JOB = 'push-delivery';

/** What happened, as the bell shows it: its kind, the latest actor's name and how many others, its subject, where it leads. */
export interface PushNotice {
  kind: NotificationKind | 'message';
  who: string | null;
  /** Other people of the same group ("and 2 more"). */
  others: number;
  /** The album's title, the list's name, as the bell shows them (null: the bell shows none). */
  subject: string | null;
  /** A site path. */
  url: string;
  /** Pushes with one tag replace each other: the bell's group, or the conversation. */
  tag: string;
}

/**
 * A delivery: whom, what (already in their language), and after a try that the push service asked to repeat (429,
 * 5xx, no answer), only the devices still owed it and the how-manieth try this is.
 */
export interface PushCursor {
  userId: string;
  payload: PushPayload;
  urgency: webPush.Urgency;
  endpoints: string[] | null;
  attempt: number;
  createdAt: string;
}

/** How long a push service keeps a push for a device that is offline: news a day old is still news, older is noise. */
const TTL_SECONDS = 24 * 60 * 60;
/** Tries after the first, each waiting longer (or as long as the push service's Retry-After asks). */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
const SEND_TIMEOUT_MS = 10_000;

/** Messages and news about one's own things wake a phone; a followee's new review waits for a good moment. */
function urgencyOf(kind: PushNotice['kind']): webPush.Urgency {
  if (kind === 'message') return 'high';
  if (kind === 'recommendation' || kind === 'review_like' || kind === 'collection_like') return 'low';
  return 'normal';
}

const MODERATION: readonly string[] = ['review_hidden', 'comment_hidden', 'review_removed', 'comment_removed', 'collection_removed'];

/** The words of a push, in the member's language: the bell's group as a title and a sentence. */
export function pushText(language: MemberSettings['appearance']['language'], notice: PushNotice): { title: string; body: string } {
  const t = translator(readLanguage(language), 'push');
  const key = MODERATION.includes(notice.kind) ? 'moderation' : notice.kind;
  const subject = notice.subject ?? t(notice.kind === 'collection_like' ? 'aList' : 'anAlbum');
  const values = { who: notice.who ?? '', subject };
  const more = notice.others > 0 ? ` ${t('more', { count: notice.others })}` : '';
  return { title: t(`${key}.title`, values), body: `${t(`${key}.body`, values)}${more}` };
}

/** A push service's Topic header (at most 32 base64url characters): pushes of one tag waiting for a device replace each other. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export interface PushServiceDeps {
  db: DB;
  clock: () => Date;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Development and tests: endpoints on loopback and private addresses (a local stand-in). */
  allowPrivate: boolean;
  /** The TLS agent pushes go through (tests pass one that trusts their stand-in's certificate). */
  agent?: Agent;
  jobs: Pick<Jobs, 'enqueue'>;
  /** Members' settings (accounts' settings service): the push toggle and the language. */
  settings: { read(userId: string): Promise<MemberSettings> };
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** How pushes reach push services (web-push's, unless a test passes another). */
  send?: typeof webPush.sendNotification;
}

export type PushService = ReturnType<typeof createPushService>;

/**
 * Web Push (decision 084): members' devices and what is pushed to them. A device subscribes in a session and is
 * removed with it; a push is a job per member, encrypted for each device (RFC 8291) and signed with the site's VAPID
 * key; a device its push service says is gone (404, 410) is removed, and a push the service asks to repeat later (429,
 * 5xx) is tried again by a later job.
 */
export function createPushService(deps: PushServiceDeps) {
  const { db, log } = deps;
  const send = deps.send ?? webPush.sendNotification;
  const now = () => deps.clock().toISOString();

  const key = () => ({ publicKey: deps.vapid.publicKey });

  function present(row: repository.SubscriptionRow): PushSubscription {
    return { endpoint: row.endpoint, label: row.label, createdAt: row.created_at, lastSuccessAt: row.last_success_at };
  }

  /** Whether pushes may go to this (https) address: a public host, or in development and tests any host. */
  async function checkEndpoint(endpoint: string): Promise<void> {
    if (deps.allowPrivate) return;
    try {
      await validatePublicUrl(endpoint);
    } catch {
      throw badRequest('push_endpoint_refused', undefined, [fieldIssue('body.endpoint', 'push_endpoint_not_public')]);
    }
  }

  async function subscribe(viewer: Viewer, body: PushSubscriptionBody, userAgent: string | undefined): Promise<PushSubscription> {
    // A device's pushes last as long as the session it subscribed in: a token has none.
    if (!viewer.sessionId) throw forbidden('token_scope', { context: 'not_api' });
    await checkEndpoint(body.endpoint);
    try {
      // A key that is not a point of the curve could never be encrypted for.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      ecdh.computeSecret(Buffer.from(body.keys.p256dh, 'base64url'));
    } catch {
      throw badRequest('push_key_invalid', undefined, [fieldIssue('body.keys.p256dh', 'push_key_invalid')]);
    }
    const row = await repository.saveSubscription(db, {
      id: newId(),
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      user_id: viewer.id,
      session_id: viewer.sessionId,
      label: (body.label || userAgent || '').slice(0, 200),
      created_at: now(),
      last_success_at: null,
    });
    return present(row);
  }

  async function unsubscribe(userId: string, endpoint: string): Promise<{ ok: true }> {
    if (!(await repository.deleteOwn(db, userId, endpoint))) throw notFound('push_subscription_not_found');
    return { ok: true };
  }

  /**
   * Pushes a notice to the member's devices, in a job, when they keep pushes on and have a device. `badge`: their
   * unread notifications and conversations.
   */
  async function tell(userId: string, notice: PushNotice, badge: number): Promise<void> {
    const settings = await deps.settings.read(userId);
    if (!settings.notifications.push || !(await repository.hasSubscriptions(db, userId))) return;
    const payload: PushPayload = { ...pushText(settings.appearance.language, notice), url: notice.url, tag: notice.tag, badge };
    await deps.jobs.enqueue<PushCursor>({
      kind: PUSH_DELIVERY_JOB,
      owner: userId,
      cursor: { userId, payload, urgency: urgencyOf(notice.kind), endpoints: null, attempt: 0, createdAt: now() },
    });
  }

  type Outcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'retry'; afterMs: number | null } | { kind: 'dropped' };

  async function deliver(cursor: PushCursor, row: repository.SubscriptionRow, ttl: number): Promise<Outcome> {
    if (!deps.allowPrivate) {
      try {
        await validatePublicUrl(row.endpoint);
      } catch {
        // The name points somewhere private now: nothing goes there.
        log.warn({ userId: cursor.userId }, 'a push endpoint no longer resolves to a public address');
        return { kind: 'dropped' };
      }
    }
    try {
      await send({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(cursor.payload), {
        vapidDetails: deps.vapid,
        TTL: ttl,
        urgency: cursor.urgency,
        topic: topicOf(cursor.payload.tag),
        timeout: SEND_TIMEOUT_MS,
        ...(deps.agent ? { agent: deps.agent } : {}),
      });
      return { kind: 'sent' };
    } catch (error) {
      const status = error instanceof webPush.WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) return { kind: 'gone' };
      if (status === null || status === 429 || status >= 500) {
        const retryAfter = Number(error instanceof webPush.WebPushError ? error.headers?.['retry-after'] : NaN);
        return { kind: 'retry', afterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : null };
      }
      // 400 (a malformed push), 403 (a key the service does not take), 413: trying again would not help.
      log.warn({ userId: cursor.userId, status }, 'a push service refused a push');
      return { kind: 'dropped' };
    }
  }

  async function step(job: Job<PushCursor>): Promise<Step<PushCursor>> {
    const cursor = job.cursor;
    const done = { cursor, done: true };
    const settings = await deps.settings.read(cursor.userId);
    if (!settings.notifications.push) return done;
    const ageSeconds = Math.floor((deps.clock().getTime() - Date.parse(cursor.createdAt)) / 1000);
    const ttl = TTL_SECONDS - ageSeconds;
    if (ttl <= 0) return done;
    const owed = cursor.endpoints && new Set(cursor.endpoints);
    const devices = (await repository.subscriptionsOf(db, cursor.userId)).filter((row) => !owed || owed.has(row.endpoint));
    const again: string[] = [];
    let waitMs = RETRY_DELAYS_MS[Math.min(cursor.attempt, RETRY_DELAYS_MS.length - 1)]!;
    for (const row of devices) {
      const outcome = await deliver(cursor, row, ttl);
      if (outcome.kind === 'sent') await repository.markDelivered(db, row.endpoint, now());
      else if (outcome.kind === 'gone') await repository.deleteEndpoint(db, row.endpoint);
      else if (outcome.kind === 'retry') {
        again.push(row.endpoint);
        if (outcome.afterMs !== null) waitMs = Math.max(waitMs, outcome.afterMs);
      }
    }
    if (again.length > 0 && cursor.attempt < RETRY_DELAYS_MS.length && waitMs < ttl * 1000) {
      await deps.jobs.enqueue<PushCursor>({
        kind: PUSH_DELIVERY_JOB,
        owner: cursor.userId,
        cursor: { ...cursor, endpoints: again, attempt: cursor.attempt + 1 },
        runAfter: new Date(deps.clock().getTime() + waitMs),
      });
    }
    return done;
  }

  const handler: JobHandler<PushCursor> = {
    step,
    // A push that could not be sent is news missed on a device; the bell still has it.
    async failed() {},
  };

  return { key, subscribe, unsubscribe, tell, handler };
}
