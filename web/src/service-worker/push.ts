/// <reference lib="webworker" />
/**
 * The service worker's side of Web Push (decision 084), a module the service worker imports for its effects
 * (`import './push.ts';` in sw.ts). A push is the payload the server encrypted for this browser (`PushPayloadSchema`
 * in contracts/src/push.ts): it is shown as a notification, and the app's badge shows the unread count. A click opens
 * the notification's page in a Hearsay window already open, or in a new one. When the push service renews the
 * subscription, the new one is given to the server at once.
 */
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '@hearsay/contracts/constants';
import type { PushPayload } from '@hearsay/contracts/push';

declare const self: ServiceWorkerGlobalScope;

/** The app's icon, made at build time with the manifest's (vite.config.ts). Android draws its own small badge: ours is a full square. */
const ICON = '/pwa-192x192.png';

/** The payload as sent, read defensively: a push from an older server, or garbled, still shows something. */
function readPayload(data: PushMessageData | null): PushPayload {
  let parsed: Partial<PushPayload>;
  try {
    parsed = (data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    parsed = {};
  }
  return {
    title: typeof parsed.title === 'string' ? parsed.title : 'Hearsay',
    body: typeof parsed.body === 'string' ? parsed.body : '',
    url: typeof parsed.url === 'string' && parsed.url.startsWith('/') ? parsed.url : '/notifications',
    tag: typeof parsed.tag === 'string' ? parsed.tag : 'hearsay',
    badge: typeof parsed.badge === 'number' && parsed.badge >= 0 ? parsed.badge : 0,
  };
}

/** The badge API is on Navigator in some browsers' workers and missing in others. */
type BadgeNavigator = WorkerNavigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

async function showBadge(count: number): Promise<void> {
  const badging = self.navigator as BadgeNavigator;
  try {
    if (count > 0) await badging.setAppBadge?.(count);
    else await badging.clearAppBadge?.();
  } catch {
    // The badge is a nicety: a browser that refuses it still shows the notification.
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url },
        icon: ICON,
      }),
      showBadge(payload.badge),
    ]),
  );
});

async function openPage(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    await focused.navigate(url).catch(() => self.clients.openWindow(url));
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/notifications';
  event.waitUntil(openPage(path));
});

/** `pushsubscriptionchange` carries the old and new subscriptions in browsers that say so (not yet in TypeScript's lib). */
interface SubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Subscribes again with the site's key (asked of the server) unless the browser already did, and gives the server the new one. */
async function resubscribe(event: SubscriptionChangeEvent): Promise<void> {
  let subscription = event.newSubscription ?? null;
  if (!subscription) {
    const answer = await fetch(PUSH_KEY_PATH, { credentials: 'same-origin' });
    if (!answer.ok) return;
    const { publicKey } = (await answer.json()) as { publicKey: string };
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64urlBytes(publicKey),
    });
  }
  const { endpoint, keys } = subscription.toJSON();
  // The session cookie goes with it: a device whose session has ended is not subscribed again.
  await fetch(PUSH_SUBSCRIPTIONS_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint, keys }),
  });
  const old = event.oldSubscription;
  if (old && old.endpoint !== subscription.endpoint) {
    await fetch(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: old.endpoint }),
    });
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as SubscriptionChangeEvent;
  change.waitUntil(resubscribe(change));
});

export {};
