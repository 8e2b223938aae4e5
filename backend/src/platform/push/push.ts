/** A server event for some rooms (`user:<id>`), with the id a reconnecting client resumes from. */
export interface Push {
  /** Unique per push (the event id of what caused it): clients drop a push they already have. */
  id: string;
  rooms: string[];
  /** Sockets also in one of these rooms are left out (e.g. members who hide the author of a new post). */
  except?: string[];
  event: string;
  payload: Record<string, unknown>;
  /**
   * After sending, close the receiving sockets: those of one session (its hash) or, with null, all
   * of the rooms' sockets (a signed-out member keeps no live connection).
   */
  closeSockets?: { sessionHash: string | null };
  /**
   * A change of room membership instead of an event (`event` and `payload` are not sent): the
   * sockets in `rooms`, on every instance, join and leave these rooms.
   */
  membership?: { join?: string[]; leave?: string[] };
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
