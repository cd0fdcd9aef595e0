import { ApiError, call, lazyContract } from '../../shared/lib/api-client.ts';

/**
 * This browser's side of Web Push (decision 084): whether it can get pushes, and subscribing it through the service
 * worker's PushManager with the site's VAPID key, then telling the server (or the reverse). Loaded with the push
 * toggle only.
 */

/**
 * The push contract, declared here rather than in shared/lib/endpoints.ts: only this module calls it, and this module
 * loads with the push switch, so the line stays out of the app's entry script (it is at its budget).
 */
const pushEndpoints = lazyContract('push', () => import('@hearsay/contracts/push'));

/** `on`: this browser gets pushes; `blocked`: its notification permission is denied; `unavailable`: it cannot have them. */
export type DeviceState = 'on' | 'off' | 'blocked' | 'unavailable';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The site's service worker, when one is registered (it shows the pushes). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** The push subscription of this browser, when it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * The site's notification permission as the browser's settings hold it. The Permissions API is asked first: some
 * browsers (Chromium without a screen) answer `Notification.permission` "denied" whatever the settings say.
 */
async function permission(): Promise<'granted' | 'denied' | 'prompt'> {
  try {
    return (await navigator.permissions.query({ name: 'notifications' })).state;
  } catch {
    return Notification.permission === 'default' ? 'prompt' : Notification.permission;
  }
}

export async function deviceState(pushWanted: boolean): Promise<DeviceState> {
  if (!supported()) return 'unavailable';
  const allowed = await permission();
  // Said first: whatever else is missing, the member can do something about this one.
  if (allowed === 'denied') return 'blocked';
  const worker = await registration();
  if (!worker) return 'unavailable';
  const subscription = await worker.pushManager.getSubscription();
  return subscription && pushWanted && allowed === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

/**
 * Asks the browser's permission, subscribes it with the site's key (a subscription made with another key, from an
 * earlier key of the site, is replaced) and gives the server its endpoint and keys. Answers the state it ends in.
 */
export async function turnOn(): Promise<DeviceState> {
  const worker = await registration();
  if (!worker) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await call(pushEndpoints.key, {});
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { endpoint, keys } = subscription.toJSON();
  await call(pushEndpoints.subscribe, {
    body: { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
  });
  return 'on';
}

/** Tells the server to stop, then ends this browser's subscription. */
export async function turnOff(): Promise<DeviceState> {
  const subscription = await currentSubscription();
  if (subscription) {
    try {
      await call(pushEndpoints.unsubscribe, { body: { endpoint: subscription.endpoint } });
    } catch (error) {
      // Already gone on the server (the push service said so, or the session that made it ended): nothing to stop there.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    await subscription.unsubscribe();
  }
  return (await registration()) ? 'off' : 'unavailable';
}
