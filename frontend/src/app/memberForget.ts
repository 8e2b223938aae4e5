import { CACHES, type WorkerMessage } from '@/sw/caching';

/**
 * What lives outside the Redux store and belongs to the signed-in member. memberScope.ts calls
 * forgetMemberData() when the member changes. Kept free of Redux so any module can import it cheaply.
 *
 * Browser storage outlives the page, so its member keys are listed here rather than registered by the
 * module that writes them: that module may not even be loaded in the page where the member changes.
 */
export const MEMBER_STORAGE_KEYS = {
  /** Uploads this browser started (features/uploads/resumeStore.ts): the next member must not resume them. */
  uploads: 'dc.uploads',
} as const;

/** The service worker's copies of the member's reads for offline use (src/sw/caching.ts). */
function forgetOfflineCopies(): void {
  // The worker also stops keeping answers still in flight for the member who left.
  globalThis.navigator?.serviceWorker?.controller?.postMessage({ type: 'FORGET_MEMBER' } satisfies WorkerMessage);
  const storage = globalThis.caches;
  if (!storage) return;
  for (const name of Object.values(CACHES)) void storage.delete(name).catch(() => undefined);
}

/**
 * This browser's Web Push subscription is the member's (features/push): whoever uses the browser next
 * must not receive their notifications. The push service then answers the server 404/410 and the
 * server drops the device.
 */
function forgetPushSubscription(): void {
  void globalThis.navigator?.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

/**
 * In-memory things (a socket, a module-level map) exist only once their module is loaded, so such a
 * module registers how to forget them (the realtime client closes its connection).
 */
type Forget = () => void;

const forgetters = new Set<Forget>();

/** Registers how to forget this module's member data; returns the unregister function. */
export function forgetOnMemberChange(forget: Forget): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/** Removes the member's storage keys and runs every registered forgetter; one that throws does not stop the others. */
export function forgetMemberData(): void {
  try {
    for (const key of Object.values(MEMBER_STORAGE_KEYS)) globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
  forgetOfflineCopies();
  forgetPushSubscription();
  for (const forget of [...forgetters]) {
    try {
      forget();
    } catch (error) {
      console.error('forgetting member data failed', error);
    }
  }
}
