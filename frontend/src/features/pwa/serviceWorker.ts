import { Workbox } from 'workbox-window';

import type { WorkerMessage } from '@/sw/caching';

/**
 * Registers /sw.js (src/sw/sw.ts). `onWaiting` is called when a new version has installed and is
 * waiting for the old one's windows to close; the function it gets makes the new one take over now
 * and reloads the page onto it.
 */
export async function registerServiceWorker(onWaiting: (takeOver: () => void) => void): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onWaiting(() => {
      // Reload once the new worker controls the page, not before: else the old one answers the reload.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
}

/** Tells the worker to drop the member's offline copies (see memberForget.ts for the page's side). */
export function postToWorker(message: WorkerMessage): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}
