import { endpointUrl, type Endpoint, type EndpointInput, type EndpointResult } from '@hearsay/contracts/endpoint';
import type { QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorTextWith } from '../i18n/error-text.ts';
import { useSession } from '../auth/session.ts';
import { ApiError, endpointKey, unreachable, type LazyEndpoint } from '../lib/api-client.ts';
import { catalogEndpoints, journalEndpoints, profilesEndpoints, reviewsEndpoints } from '../lib/endpoints.ts';
import { refreshAnswersShowing } from '../lib/refresh.ts';
import {
  keepWrite,
  keptWrites,
  OUTBOX_MESSAGE,
  OUTBOX_SYNC_TAG,
  sendKeptWrites,
  sendKeyed,
  setOutboxMember,
  type OutboxKind,
  type OutboxWrite,
  type SendOutcome,
} from './outbox-store.ts';

/**
 * The page's side of the outbox (decision 085): a write that cannot reach the server is kept on the device, shown as
 * made with "Waiting to send", and sent when the connection returns (the `online` event, the next start, or the
 * service worker's Background Sync), each with its Idempotency-Key so a retry never makes it twice.
 */

/** What a screen passes to make a write that may be kept: the endpoint and input, and what to call it if refused. */
export interface OfflineWrite<L extends LazyEndpoint<Endpoint>> {
  memberId: string;
  kind: OutboxKind;
  albumRef: string;
  trackId?: string;
  label: string;
  endpoint: L;
  input: EndpointInput<Declared<L>>;
}

/**
 * No writes waiting: the one empty list, which is also what a page rendered on the server had. A page the browser
 * takes over then finds the store as the server left it, and React has nothing to render again, synchronously, once
 * the page is taken over.
 */
const noWrites: readonly OutboxWrite[] = [];
let pending = noWrites;
const listeners = new Set<() => void>();
let currentMember: string | null = null;

function setPending(next: readonly OutboxWrite[]): void {
  if (next.length === 0 && pending.length === 0) return;
  pending = next.length === 0 ? noWrites : next;
  for (const listener of listeners) listener();
}

export const pendingStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => pending,
  serverSnapshot: () => noWrites,
};

async function reloadPending(): Promise<void> {
  setPending(currentMember ? await keptWrites(currentMember) : []);
}

/** Whether this browser has IndexedDB to keep writes in: without it, an offline write fails as it always did. */
const canKeep = () => typeof indexedDB !== 'undefined';

/** Whether a failed call failed for want of a network: the write is then kept, where any answer is the server's word. */
export function isOffline(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 && error.code === 'network_error';
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

let lastSequence = 0;
const nextSequence = () => (lastSequence = Math.max(Date.now(), lastSequence + 1));

type Declared<L> = L extends LazyEndpoint<infer E> ? E : never;

/** The request of a write, as the outbox keeps it and sends it (the same way now or later). */
function requestOf(declaration: Endpoint, input: { params?: unknown; body?: unknown }) {
  return { method: declaration.method as OutboxWrite['method'], url: endpointUrl(declaration, input), body: input.body ?? null };
}

/** Sends a write with its Idempotency-Key and reads the answer with its contract, as the API client reads any other. */
async function sendWithKey<E extends Endpoint>(
  declaration: E,
  request: ReturnType<typeof requestOf>,
  key: string,
): Promise<EndpointResult<E>> {
  let response: Response;
  try {
    response = await sendKeyed(request, key);
  } catch {
    throw unreachable();
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // The errors' schema loads with the first failure, as in api-client.ts: the pages that write start without zod.
    const said = await import('@hearsay/contracts/errors').then(({ ErrorBodySchema }) => ErrorBodySchema.safeParse(answer));
    if (!said.success) throw new ApiError(response.status, 'unexpected_response', `The server answered ${response.status}.`);
    const { code, message, params, issues } = said.data.error;
    throw new ApiError(response.status, code, message, { params, issues });
  }
  const success = Object.entries(declaration.responses).find(([status]) => status.startsWith('2'))![1];
  return success.parse(answer) as EndpointResult<E>;
}

/**
 * Makes the write with a fresh Idempotency-Key; without a network it keeps it (with that key: the request may have
 * reached the server with only its answer lost) and answers `null`, and the screen shows it as waiting to send.
 */
export async function sendOrKeep<L extends LazyEndpoint<Endpoint>>(write: OfflineWrite<L>): Promise<EndpointResult<Declared<L>> | null> {
  const key = crypto.randomUUID();
  // Loaded first (useOfflineReady loads it earlier): offline, the contract's code could not be fetched to keep the write.
  // Should it not have come before the connection went (and no service worker holds it), the write cannot be kept:
  // the member is told the connection is the reason, as for any write made offline that is not kept.
  const declaration = (await write.endpoint.load().catch((error: unknown) => {
    if (isOffline(error)) throw unreachable();
    throw error;
  })) as Declared<L>;
  const request = requestOf(declaration, write.input as { params?: unknown; body?: unknown });
  try {
    return await sendWithKey(declaration, request, key);
  } catch (error) {
    if (!isOffline(error) || !canKeep()) throw error;
    await keepWrite({
      key,
      memberId: write.memberId,
      kind: write.kind,
      albumRef: write.albumRef,
      ...(write.trackId ? { trackId: write.trackId } : {}),
      label: write.label,
      ...request,
      queuedAt: new Date().toISOString(),
      sequence: nextSequence(),
    });
    currentMember ??= write.memberId;
    await reloadPending();
    void askForBackgroundSync();
    return null;
  }
}

/**
 * Loads an endpoint's contract while online, so a write to it made offline can be kept (its URL is built from it). Only
 * for a member: a visitor writes nothing, and their page starts without the contract's schemas.
 */
export function useOfflineReady(endpoint: LazyEndpoint<Endpoint>): void {
  const signedIn = useSession().status === 'signed-in';
  useEffect(() => {
    if (signedIn) endpoint.load().catch(() => undefined);
  }, [endpoint, signedIn]);
}

/** Where the browser has Background Sync, the service worker sends the outbox when the connection returns. */
async function askForBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No service worker or no permission: the `online` event and the next start send it.
  }
}

/** After writes were sent: the answers showing them are refreshed, and each refused one is said, with why. */
function settle(queryClient: QueryClient, outcome: SendOutcome): void {
  const kinds = new Set(outcome.sent.map((write) => write.kind));
  if (kinds.has('album-rating') || kinds.has('review-draft')) void refreshAnswersShowing(queryClient, ['ratings', 'reviews']);
  if (kinds.has('track-rating')) {
    void queryClient.invalidateQueries({ queryKey: endpointKey(catalogEndpoints.album) });
    void queryClient.invalidateQueries({ queryKey: endpointKey(profilesEndpoints.topTracks) });
  }
  if (kinds.has('journal-entry')) {
    void queryClient.invalidateQueries({ queryKey: endpointKey(journalEndpoints.list) });
    void queryClient.invalidateQueries({ queryKey: endpointKey(journalEndpoints.months) });
  }
  if (kinds.has('review-draft')) void queryClient.invalidateQueries({ queryKey: endpointKey(reviewsEndpoints.mine) });
  const t = i18n.getFixedT(null, 'offline');
  const errorText = errorTextWith(i18n.getFixedT(null, 'errors'));
  for (const { write, code } of outcome.refused) {
    toast.error(t(`notSaved.${write.kind}`, { label: write.label }), {
      description: errorText({ code, message: t('refused') }),
    });
  }
}

let flushing: Promise<void> | undefined;

/** Sends the signed-in member's kept writes now; a second call while one runs waits for it. */
export function flushOutbox(queryClient: QueryClient): Promise<void> {
  flushing ??= (async () => {
    try {
      const member = currentMember;
      if (!member) return;
      const outcome = await sendKeptWrites(member);
      settle(queryClient, outcome);
    } finally {
      flushing = undefined;
      await reloadPending();
    }
  })();
  return flushing;
}

/**
 * Starts the outbox for the member signed in on this device: their kept writes are sent now and whenever the
 * connection returns; someone else's stay on the device, never sent as this member. Returns the stop (signing out).
 */
export function startOutbox(queryClient: QueryClient, memberId: string): () => void {
  if (!canKeep()) return () => undefined;
  currentMember = memberId;
  void setOutboxMember(memberId).then(reloadPending, () => undefined);
  // A store the browser will not open (a private window in some browsers) leaves the writes as they were.
  const online = () => void flushOutbox(queryClient).catch(() => undefined);
  const fromWorker = (event: MessageEvent<{ type?: string; outcome?: SendOutcome }>) => {
    if (event.data?.type !== OUTBOX_MESSAGE || !event.data.outcome) return;
    settle(queryClient, event.data.outcome);
    void reloadPending();
  };
  window.addEventListener('online', online);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  if (navigator.onLine !== false) online();
  return () => {
    window.removeEventListener('online', online);
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
    // Signed out (or someone else signed in): the service worker sends nothing until the next member starts it.
    if (currentMember !== memberId) return;
    currentMember = null;
    void setOutboxMember(null).then(reloadPending, () => undefined);
  };
}
