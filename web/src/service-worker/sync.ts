/**
 * Background Sync for the outbox (decision 085): when the connection returns, the browser wakes the service worker
 * with the `hearsay-outbox` tag even if no Hearsay page is open, and the writes kept offline are sent from here, the
 * same store and the same requests as the page's own flush. Imported for its effect by `sw.ts`.
 */
import { OUTBOX_MESSAGE, OUTBOX_SYNC_TAG, outboxMember, sendKeptWrites } from '../shared/offline/outbox-store.ts';

/** The parts of the service worker's scope used here (Background Sync is not in TypeScript's libraries). */
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(done: Promise<unknown>): void;
}
interface SyncScope {
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  clients: { matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]> };
}

const scope = self as unknown as SyncScope;

async function sendOutbox(): Promise<void> {
  // Only the member the page last saw signed in: a write kept by someone who signed out waits for them.
  const member = await outboxMember();
  if (!member) return;
  const outcome = await sendKeptWrites(member);
  if (outcome.sent.length || outcome.refused.length) {
    for (const client of await scope.clients.matchAll({ type: 'window' })) client.postMessage({ type: OUTBOX_MESSAGE, outcome });
  }
  // Failing the sync asks the browser to try again later.
  if (outcome.offline) throw new Error('The outbox could not be sent yet.');
}

scope.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutbox());
});
