import type { io as connect, Socket } from 'socket.io-client';

import { forgetOnMemberChange } from '@/app/memberForget';
import { idle } from '@/ui/whenIdle';

import type { ClientAck, ClientEventName, ClientPayload, ReceivedPushes, ReceivedPushName } from './events';

/**
 * The one socket.io connection of a signed-in member. It lives outside Redux (a socket is not
 * serialisable): a module-level singleton with subscribe functions, read by the hooks in this folder.
 *
 * The server authenticates the handshake by the dc.sid session cookie, so the only thing we send is
 * the cookie (withCredentials) and, once connected, `join` with our user id (spec part 2 §4).
 */

export type SocketStatus = 'connected' | 'disconnected';
/** Called with a push's payload (typed by event name in ./events.ts ReceivedPushes). */
export type SocketHandler<T = unknown> = (payload: T) => void;
export type ReconnectHandler = () => void;

/** Same origin; websocket first, long polling as the fallback (spec part 2 §4). */
export const SOCKET_PATH = '/socket.io';
/** Reconnect with backoff: 1 s doubling, capped at 30 s (the app's retry backoff). */
export const RECONNECT_DELAY_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 30_000;
/** How many recent push ids we remember to drop a push we already handled (e.g. after a sync). */
const SEEN_LIMIT = 500;
/** Sync pages are bounded server-side; stop after this many to never loop on a misbehaving server. */
const MAX_SYNC_PAGES = 20;
const ACK_TIMEOUT_MS = 10_000;

let socket: Socket | null = null;
let status: SocketStatus = 'disconnected';
/** Set after the first successful connect of this socket: later connects are reconnects. */
let hasConnected = false;

/**
 * Pushes a reconnecting client can resume (backend README): each push carries a `cursor`, and the
 * `sync` event answers `{ ok, <items>, hasMore, cursor }` for what came after it, oldest first.
 */
interface Resumable {
  push: 'new_message' | 'notification';
  sync: 'sync' | 'sync_notifications';
  items: string;
  /** The push a missed item is replayed as. */
  replay(item: Record<string, unknown>, answer: SyncAnswer): Record<string, unknown>;
}

interface SyncAnswer {
  ok?: boolean;
  message?: string;
  hasMore?: boolean;
  cursor?: string | null;
  unreadCount?: number;
  [items: string]: unknown;
}

const RESUMABLE: readonly Resumable[] = [
  { push: 'new_message', sync: 'sync', items: 'messages', replay: (m) => ({ ...m, cursor: m.cursor ?? m.id }) },
  {
    push: 'notification',
    sync: 'sync_notifications',
    items: 'notifications',
    replay: (n, answer) => ({
      notification: n,
      unreadCount: answer.unreadCount,
      cursor: answer.cursor,
      replayed: true,
    }),
  },
];

/** The cursor of the last push seen, per resumable push. */
const cursors = new Map<string, string>();

const handlers = new Map<string, Set<SocketHandler<never>>>();
const statusListeners = new Set<() => void>();
const reconnectListeners = new Set<ReconnectHandler>();
const connectListeners = new Set<ReconnectHandler>();
const seen = new Set<string>();

function setStatus(next: SocketStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((listener) => listener());
}

/** Pushes carry an id; the same push twice (a retry, a sync overlapping a live push) is handled once. */
function firstTime(event: string, payload: unknown): boolean {
  const id = payload && typeof payload === 'object' ? (payload as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || id === '') return true;
  const key = `${event}:${id}`;
  if (seen.has(key)) return false;
  seen.add(key);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
  return true;
}

/** Delivers a server event (live or replayed by a sync) to the subscribers of that event. */
export function deliver(event: string, payload: unknown): void {
  if (!firstTime(event, payload)) return;
  if (RESUMABLE.some((r) => r.push === event)) {
    const cursor = (payload as { cursor?: unknown } | null)?.cursor;
    if (typeof cursor === 'string' && cursor) cursors.set(event, cursor);
  }
  handlers.get(event)?.forEach((handler) => {
    try {
      handler(payload as never);
    } catch (error) {
      console.error(`socket handler for "${event}" failed`, error);
    }
  });
}

/** Asks for what came after the last push seen, page by page, and replays it to the subscribers. */
async function resume(current: Socket, stream: Resumable): Promise<void> {
  let after = cursors.get(stream.push);
  for (let page = 0; after && page < MAX_SYNC_PAGES && current === socket; page++) {
    const answer = (await current.timeout(ACK_TIMEOUT_MS).emitWithAck(stream.sync, { after })) as SyncAnswer;
    if (!answer?.ok) throw new Error(String(answer?.message ?? `${stream.sync} refused`));
    if (current !== socket) return;
    const items = Array.isArray(answer[stream.items]) ? (answer[stream.items] as Array<Record<string, unknown>>) : [];
    for (const item of items) deliver(stream.push, stream.replay(item, answer));
    if (answer.cursor) cursors.set(stream.push, answer.cursor);
    if (!answer.hasMore || !answer.cursor || answer.cursor === after) return;
    after = answer.cursor;
  }
}

/**
 * socket.io-client (~50 KB gzipped) is fetched with the first connection, not with the app: no
 * screen needs it before the member is known, and the first paint should not wait for it. Nor the
 * first screen's content: it is fetched once the page is idle (a few hundred ms after the feed shows),
 * else its download and evaluation land in the middle of a phone's first load.
 */
const CLIENT_IDLE = { timeout: 2_000, fallback: 0 };
let client: Promise<{ io: typeof connect }> | null = null;
/** The member a connection is wanted for (set while the client loads, and while connected). */
let wanted: string | null = null;
let opening: Promise<void> = Promise.resolve();

/**
 * Opens the member's connection (idempotent for the same member; a different member replaces it).
 * Resolves once the socket exists (it connects on its own after that).
 */
export function connectSocket(userId: string): Promise<void> {
  if (wanted === userId) return opening;
  disconnectSocket();
  wanted = userId;
  client ??= idle(CLIENT_IDLE).then(() => import('socket.io-client'));
  opening = client.then(
    // In a task of its own after the client's evaluation (two shorter tasks block a phone less).
    ({ io }) =>
      idle(CLIENT_IDLE).then(() => {
        // Signed out, or another member signed in, while the client loaded.
        if (wanted === userId && !socket) open(io, userId);
      }),
    (error: unknown) => {
      // Offline on first load, say: the next connectSocket (sign-in, app start) tries again.
      client = null;
      if (wanted === userId) wanted = null;
      console.warn('socket client failed to load', error);
    },
  );
  return opening;
}

function open(io: typeof connect, userId: string): void {
  const created = io({
    path: SOCKET_PATH,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
  });
  socket = created;
  hasConnected = false;

  created.on('connect', () => {
    if (created !== socket) return;
    setStatus('connected');
    created.emit('join', { userId });
    // Rooms live on the server's socket: every (re)connect starts with none.
    connectListeners.forEach((listener) => listener());
    const reconnected = hasConnected;
    hasConnected = true;
    if (!reconnected) return;
    reconnectListeners.forEach((listener) => listener());
    for (const stream of RESUMABLE) {
      // Spec §8: socket problems are logged only.
      resume(created, stream).catch((error) => console.warn(`socket ${stream.sync} after reconnect failed`, error));
    }
  });
  created.on('disconnect', () => {
    if (created === socket) setStatus('disconnected');
  });
  created.on('connect_error', (error: Error) => {
    if (created === socket) setStatus('disconnected');
    console.warn('socket connection failed', error.message);
  });
  created.onAny((event: string, payload: unknown) => {
    if (created === socket) deliver(event, payload);
  });
}

/** Closes the connection (sign-out) and forgets everything tied to that member. */
export function disconnectSocket(): void {
  const current = socket;
  wanted = null;
  socket = null;
  hasConnected = false;
  cursors.clear();
  seen.clear();
  if (current) {
    current.offAny();
    current.removeAllListeners();
    current.disconnect();
  }
  setStatus('disconnected');
}

// A new member never inherits the old one's connection, rooms or sync cursors; the realtime bridge
// connects again as whoever signed in.
forgetOnMemberChange(disconnectSocket);

/** Subscribes to a server event; returns the unsubscribe function. Works before the socket opens. */
export function subscribe<E extends ReceivedPushName>(event: E, handler: SocketHandler<ReceivedPushes[E]>): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  const stored = handler as SocketHandler<never>;
  set.add(stored);
  return () => {
    set.delete(stored);
    if (set.size === 0 && handlers.get(event) === set) handlers.delete(event);
  };
}

/** Called after each reconnect (not the first connect): time to refetch what may have changed. */
export function subscribeReconnect(listener: ReconnectHandler): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Called after every connect, the first one too (e.g. to join rooms again). */
export function subscribeConnect(listener: ReconnectHandler): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

export function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function getSocketStatus(): SocketStatus {
  return status;
}

/** Sends a client event (fire and forget). Returns false when there is no open connection. */
export function emitSocketEvent<E extends ClientEventName>(event: E, payload: ClientPayload<E>): boolean {
  if (!socket || status !== 'connected') return false;
  socket.emit(event, payload);
  return true;
}

/**
 * Sends a client event and waits for the server's acknowledgement (`{ ok, ... }`).
 * Rejects when not connected or when no answer comes within the timeout.
 */
export async function emitSocketEventWithAck<E extends ClientEventName>(
  event: E,
  payload: ClientPayload<E>,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<ClientAck<E>> {
  if (!socket || status !== 'connected') throw new Error('Not connected');
  return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as ClientAck<E>;
}
