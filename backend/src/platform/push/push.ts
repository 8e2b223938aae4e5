import type { ServerPushes } from '@contract';

/** Where a push goes, and what the socket server does besides sending it. */
interface PushTarget {
  /** Unique per push (the event id of what caused it): clients drop a push they already have. */
  id: string;
  rooms: string[];
  /** Sockets also in one of these rooms are left out (e.g. members who hide the author of a new post). */
  except?: string[];
  /**
   * After sending, close the receiving sockets: those of one session (its hash) or, with null, all
   * of the rooms' sockets (a signed-out member keeps no live connection).
   */
  closeSockets?: { sessionHash: string | null };
}

/**
 * A server event for some rooms (`user:<id>`), with the id a reconnecting client resumes from. The
 * event name and its payload are the web app's contract (contract/socket.ts ServerPushes).
 */
export type EventPush<E extends keyof ServerPushes = keyof ServerPushes> = E extends keyof ServerPushes
  ? PushTarget & { event: E; payload: ServerPushes[E]; membership?: undefined }
  : never;

/**
 * A change of room membership instead of an event: the sockets in `rooms`, on every instance, join
 * and leave these rooms.
 */
export interface MembershipPush extends PushTarget {
  event: '';
  payload: Record<string, never>;
  membership: { join?: string[]; leave?: string[] };
}

export type Push = EventPush | MembershipPush;

/** An event push built from a name and payload the caller holds separately (e.g. SocketContext.emit). */
export function eventPush<E extends keyof ServerPushes>(
  id: string,
  rooms: string[],
  event: E,
  payload: ServerPushes[E],
): EventPush {
  // TypeScript cannot tie E to one member of the distributive union; the signature does.
  return { id, rooms, event, payload } as EventPush;
}

/** A push that moves the sockets in `rooms` into or out of other rooms (see Push.membership). */
export function membershipPush(id: string, rooms: string[], membership: { join?: string[]; leave?: string[] }): Push {
  return { id, rooms, event: '', payload: {}, membership };
}

/** Where pushes go: the socket.io server of this process, or the Redis adapter towards others. */
export interface PushSink {
  publish(push: Push): void;
}

export const userRoom = (userId: string) => `user:${userId}`;
