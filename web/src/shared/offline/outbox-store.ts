import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';

/**
 * The outbox (decision 085): writes made while the phone was offline, kept in IndexedDB until they are sent. This
 * module is shared by the page and the service worker (`service-worker/sync.ts`), so it holds no React and no API
 * client: a kept write is the request itself, sent with plain fetch and its Idempotency-Key.
 */

/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'hearsay-outbox';
/** What the service worker tells open pages after it sent kept writes. */
export const OUTBOX_MESSAGE = 'hearsay-outbox-sent';

export type OutboxKind = 'album-rating' | 'track-rating' | 'journal-entry' | 'review-draft';

export interface OutboxWrite {
  /** The Idempotency-Key: the server makes the write once however often it is sent. */
  key: string;
  /** Who made it: only sent while they are the one signed in. */
  memberId: string;
  kind: OutboxKind;
  /** The album it is about, as the page named it (id or slug). */
  albumRef: string;
  trackId?: string;
  /** What a person calls it ("Blue Train — John Coltrane"), for the message if the server refuses it. */
  label: string;
  method: 'PUT' | 'POST';
  url: string;
  body: unknown;
  queuedAt: string;
  /** The order writes were made in: a clock reading in milliseconds, made unique on this page. */
  sequence: number;
}

export interface SendOutcome {
  sent: OutboxWrite[];
  /** Refused by the server (a 4xx it will answer again): dropped, with the error code it gave. */
  refused: { write: OutboxWrite; code: string }[];
  /** The network failed again: the rest wait for the next chance. */
  offline: boolean;
}

const WRITE = 'write:';
const MEMBER = 'member';
let store: UseStore | undefined;
const outbox = () => (store ??= createStore('hearsay-outbox', 'outbox'));

export async function keepWrite(write: OutboxWrite): Promise<void> {
  await set(WRITE + write.key, write, outbox());
}

export async function dropWrite(key: string): Promise<void> {
  await del(WRITE + key, outbox());
}

/** The kept writes of one member, oldest first (the order they were made in). */
export async function keptWrites(memberId: string): Promise<OutboxWrite[]> {
  const all = await entries<string, unknown>(outbox());
  return all
    .filter(([key]) => key.startsWith(WRITE))
    .map(([, value]) => value as OutboxWrite)
    .filter((write) => write.memberId === memberId)
    .sort((a, b) => a.sequence - b.sequence);
}

/** Who is signed in on this device, as the page last saw it: the service worker sends only their writes. */
export async function setOutboxMember(memberId: string | null): Promise<void> {
  if (memberId) await set(MEMBER, memberId, outbox());
  else await del(MEMBER, outbox());
}

export async function outboxMember(): Promise<string | null> {
  return (await get<string>(MEMBER, outbox())) ?? null;
}

/** Worth sending again later: the network, our failure, a limit, a signed-out session, or the first try still running. */
const KEEP = (status: number) => status >= 500 || status === 429 || status === 401 || status === 409 || status === 408;

/** A write sent as JSON with its Idempotency-Key (the draft's quoted form): the page's first try and every later one. */
export function sendKeyed(write: { url: string; method: string; body: unknown }, key: string, send: typeof fetch = fetch) {
  return send(write.url, {
    method: write.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': `"${key}"` },
    body: JSON.stringify(write.body),
  });
}

/**
 * Sends a member's kept writes in order, each with its Idempotency-Key, so one that already reached the server (its
 * answer lost on the way back) is answered again rather than made twice. Stops at the first network failure.
 */
export async function sendKeptWrites(memberId: string, send: typeof fetch = fetch): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: [], refused: [], offline: false };
  for (const write of await keptWrites(memberId)) {
    let response: Response;
    try {
      response = await sendKeyed(write, write.key, send);
    } catch {
      outcome.offline = true;
      break;
    }
    if (response.ok) {
      await dropWrite(write.key);
      outcome.sent.push(write);
    } else if (!KEEP(response.status)) {
      const answer = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
      await dropWrite(write.key);
      outcome.refused.push({ write, code: typeof answer?.error?.code === 'string' ? answer.error.code : 'unexpected_response' });
    }
  }
  return outcome;
}
