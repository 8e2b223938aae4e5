import { SOCKET_EVENTS } from './events';
import { emitSocketEvent, subscribeConnect } from './socket';

/** The server takes at most 100 ids per event and 500 per connection; we stay under both. */
const BATCH = 100;
export const MAX_WATCHED = 400;
/** Cards mount and unmount in bursts while scrolling: changes go out together after this delay. */
const FLUSH_MS = 50;

/** Post id → how many mounted components show it (insertion order = oldest first). */
const posts = new Map<string, number>();
let feedWatchers = 0;
const pendingWatch = new Set<string>();
const pendingUnwatch = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;

function inBatches(event: typeof SOCKET_EVENTS.watchPosts | typeof SOCKET_EVENTS.unwatchPosts, ids: string[]) {
  for (let i = 0; i < ids.length; i += BATCH) emitSocketEvent(event, { postIds: ids.slice(i, i + BATCH) });
}

function flush() {
  timer = null;
  if (pendingUnwatch.size) inBatches(SOCKET_EVENTS.unwatchPosts, [...pendingUnwatch]);
  if (pendingWatch.size) inBatches(SOCKET_EVENTS.watchPosts, [...pendingWatch]);
  pendingWatch.clear();
  pendingUnwatch.clear();
}

function schedule() {
  if (!timer) timer = setTimeout(flush, FLUSH_MS);
}

/**
 * Listens for `post_updated` on these posts while the caller shows them; returns the release
 * function. Past MAX_WATCHED the posts watched longest are let go (far up a long feed).
 */
export function watchPosts(ids: readonly string[]): () => void {
  for (const id of ids) {
    const count = posts.get(id) ?? 0;
    posts.set(id, count + 1);
    if (count === 0) {
      pendingUnwatch.delete(id);
      pendingWatch.add(id);
    }
  }
  while (posts.size > MAX_WATCHED) {
    const oldest = posts.keys().next().value as string;
    posts.delete(oldest);
    pendingWatch.delete(oldest);
    pendingUnwatch.add(oldest);
  }
  schedule();
  return () => {
    for (const id of ids) {
      const count = posts.get(id);
      if (count === undefined) continue;
      if (count > 1) posts.set(id, count - 1);
      else {
        posts.delete(id);
        pendingWatch.delete(id);
        pendingUnwatch.add(id);
      }
    }
    schedule();
  };
}

/** Listens for `feed_new_posts` while the home feed is on screen. */
export function watchFeed(): () => void {
  if (feedWatchers++ === 0) emitSocketEvent(SOCKET_EVENTS.watchFeed, {});
  return () => {
    if (--feedWatchers === 0) emitSocketEvent(SOCKET_EVENTS.unwatchFeed, {});
  };
}

let supportWatchers = 0;

/** Hears when the support page's figures change (`resources_changed` with `donations`) while it is on screen. */
export function watchSupport(): () => void {
  if (supportWatchers++ === 0) emitSocketEvent(SOCKET_EVENTS.watchSupport, {});
  return () => {
    if (--supportWatchers === 0) emitSocketEvent(SOCKET_EVENTS.unwatchSupport, {});
  };
}

// A new connection has no rooms: everything on screen is watched again.
subscribeConnect(() => {
  pendingWatch.clear();
  pendingUnwatch.clear();
  inBatches(SOCKET_EVENTS.watchPosts, [...posts.keys()]);
  if (feedWatchers > 0) emitSocketEvent(SOCKET_EVENTS.watchFeed, {});
  if (supportWatchers > 0) emitSocketEvent(SOCKET_EVENTS.watchSupport, {});
});

/** For tests: forget every watcher. */
export function resetWatches(): void {
  posts.clear();
  feedWatchers = 0;
  supportWatchers = 0;
  pendingWatch.clear();
  pendingUnwatch.clear();
  if (timer) clearTimeout(timer);
  timer = null;
}
