import { useEffect, useRef, useSyncExternalStore } from 'react';

import type { ReceivedPushes, ReceivedPushName } from './events';
import {
  getSocketStatus,
  type SocketStatus,
  subscribe,
  subscribeConnect,
  subscribeReconnect,
  subscribeStatus,
} from './socket';
import { watchFeed, watchPosts, watchSupport } from './watch';

/**
 * Calls `handler` for each `eventName` push while the component is mounted. The latest handler is
 * always the one called, so callers need not memoise it.
 */
export function useSocketEvent<E extends ReceivedPushName>(
  eventName: E,
  handler: (payload: ReceivedPushes[E]) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe(eventName, (payload) => latest.current(payload)), [eventName]);
}

/** Runs after every reconnect (not the first connect): refetch what may have been missed. */
export function useSocketReconnect(handler: () => void): void {
  useListener(subscribeReconnect, handler);
}

/**
 * Runs after every connect, the first one too: the client connects a while after the first screen's
 * reads (it loads once the page is idle), so what changed in between was pushed to no one.
 */
export function useSocketConnect(handler: () => void): void {
  useListener(subscribeConnect, handler);
}

function useListener(subscribeTo: (listener: () => void) => () => void, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeTo(() => latest.current()), [subscribeTo]);
}

/** 'connected' or 'disconnected', re-rendering on change. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribeStatus, getSocketStatus, getSocketStatus);
}

/** Keeps the given posts' counts live (post_updated) while the component is mounted. */
export function useWatchPosts(postIds: readonly string[]): void {
  const key = postIds.join(',');
  useEffect(() => (key ? watchPosts(key.split(',')) : undefined), [key]);
}

/** Subscribes the socket to the home feed's feed_new_posts while mounted. */
export function useWatchFeed(): void {
  useEffect(() => watchFeed(), []);
}

/** Subscribes the socket to the support page's figure changes while mounted. */
export function useWatchSupport(): void {
  useEffect(() => watchSupport(), []);
}
