/// <reference lib="webworker" />
/**
 * The web app's service worker (built into /sw.js by frontend/vite.config.ts): the shell
 * precached so the app opens without a network, the member's last reads kept for offline (caching.ts),
 * Web Push shown as notifications (push.ts). A new version waits until the page asks it to take over
 * (the "new version" toast) or every window of the old one is closed: the next visit.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

import {
  ASSETS_CACHE,
  cacheRuleFor,
  CACHES,
  mayStore,
  NETWORK_TIMEOUT_SECONDS,
  NOT_THE_SHELL,
  type WorkerMessage,
} from './caching';
import { notificationOptions, parsePushMessage, windowFor } from './push';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A first install serves the page that installed it at once (its reads are kept from then on);
// later versions still wait for the next visit (no skipWaiting unless the page asks).
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every address of the app is the one page: from the cache, so it opens offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NOT_THE_SHELL] }));

/** Bumped when a member signs out or another signs in (FORGET_MEMBER). */
let generation = 0;

/**
 * Only whole, successful answers are kept (never an error page or a partial range), and only when
 * no member change happened while they were in flight: the last member's feed, fetched just before
 * they signed out, must not land in the emptied cache.
 */
const keepable = {
  requestWillFetch: async ({ request, state }: { request: Request; state?: Record<string, unknown> }) => {
    if (state) state.generation = generation;
    return request;
  },
  cacheWillUpdate: async ({ response, state }: { response: Response; state?: Record<string, unknown> }) =>
    response.status === 200 && state?.generation === generation ? response : null,
};

/** Files the server keeps private (`no-store`) go to the page only. */
const storable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (mayStore(response) ? response : null),
};

/** Workbox's own plugin types predate exactOptionalPropertyTypes. */
const expiring = (options: ConstructorParameters<typeof ExpirationPlugin>[0]) =>
  new ExpirationPlugin(options) as WorkboxPlugin;

const api = new NetworkFirst({
  cacheName: CACHES.api,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [keepable, expiring({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 })],
});
const images = new CacheFirst({
  cacheName: CACHES.images,
  plugins: [keepable, storable, expiring({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
});
const assets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [keepable, expiring({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
});
const strategies = { api, images, assets };
registerRoute(
  ({ request }) => cacheRuleFor(request, self.location.origin) !== null,
  (options) => strategies[cacheRuleFor(options.request, self.location.origin)!.cache].handle(options),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Another member may use this browser next: nothing of this one's stays readable.
  if (message?.type === 'FORGET_MEMBER') {
    generation += 1;
    event.waitUntil(Promise.all(Object.values(CACHES).map((name) => caches.delete(name))));
  }
});

self.addEventListener('push', (event: PushEvent) => {
  const message = parsePushMessage(event.data?.text());
  if (message) event.waitUntil(self.registration.showNotification(message.title, notificationOptions(message)));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/home';
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = windowFor(open, self.location.origin, url);
      if (!client) return void (await self.clients.openWindow(url));
      const shown =
        client.url === new URL(url, self.location.origin).href ? client : ((await client.navigate(url)) ?? client);
      // Focusing may be refused (no user activation behind the click): the window is on the screen anyway.
      await shown.focus().catch(() => undefined);
    })(),
  );
});
