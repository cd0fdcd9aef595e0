/// <reference lib="webworker" />
/**
 * Hearsay's service worker (decision 083), built by vite-plugin-pwa with Workbox (`injectManifest`): the app's code,
 * styles and fonts are kept for starting offline, the pages and the member's own reads are kept for reading offline,
 * and covers are kept as they are seen. Other parts of the app add their handlers as modules imported here
 * (push notifications, the offline write queue).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { MEMBER_CACHES, MEMBER_READS, OFFLINE_SHELL, PAGES_NOT_KEPT, changesWhoIsSignedIn } from './caching-rules.ts';
// Push notifications (decision 084) and the writes kept offline, sent by Background Sync (decision 085).
import './push.ts';
import './sync.ts';

declare const self: ServiceWorkerGlobalScope;

/** How long a page or a read waits for the network before the kept copy is shown (a phone on a poor connection). */
const NETWORK_TIMEOUT_SECONDS = 3;
const DAY_SECONDS = 24 * 60 * 60;

// The build's files, kept until the next version of the worker takes over: a page still running the previous release's
// code can fetch its chunks after the server has moved on to the next.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first worker takes the open pages at once; a later one waits until the member chooses to reload (the app's
// prompt sends SKIP_WAITING), so a page is never switched to new code under it.
clientsClaim();
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Pages: the network first, the copy kept from the last visit when it does not answer in time, else the app's shell
// (which renders the page from the member's kept reads).
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: MEMBER_CACHES.pages,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY_SECONDS }),
        { handlerDidError: async () => (await matchPrecache(OFFLINE_SHELL)) ?? Response.error() },
      ],
    }),
    { denylist: PAGES_NOT_KEPT },
  ),
);

// The member's library, journal and own ratings (and who they are), readable offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && MEMBER_READS.test(url.pathname),
  new NetworkFirst({
    cacheName: MEMBER_CACHES.reads,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

// Covers and pictures never change at their address.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/(covers|uploads)\//.test(url.pathname),
  new CacheFirst({
    cacheName: 'hearsay-pictures',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// The Japanese font's subsets, kept as pages use them (the build's other fonts are kept with the app).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
  new CacheFirst({
    cacheName: 'hearsay-fonts',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 365 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// What was kept for one member is never shown to the next: signing in, signing out or deleting the account forgets the
// kept pages and reads before the request goes on.
self.addEventListener('fetch', (event: FetchEvent) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (!changesWhoIsSignedIn(event.request.method, event.request.mode, url.pathname)) return;
  event.respondWith(forgetMemberCaches().then(() => fetch(event.request)));
});

async function forgetMemberCaches(): Promise<void> {
  await Promise.all(Object.values(MEMBER_CACHES).map((name) => caches.delete(name)));
}
