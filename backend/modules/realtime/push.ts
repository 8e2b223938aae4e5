/** A server event for some rooms (`user:<id>`), with the id a reconnecting client resumes from. */
export interface Push {
  /** Unique per push (the event id of what caused it): clients drop a push they already have. */
  id: string;
  rooms: string[];
  event: string;
  payload: Record<string, unknown>;
  /**
   * After sending, close the receiving sockets: those of one session (its hash) or, with null, all
   * of the rooms' sockets (a signed-out member keeps no live connection).
   */
  closeSockets?: { sessionHash: string | null };
}

/** Where pushes go: the socket.io server of this process, or the Redis adapter towards others. */
export interface PushSink {
  publish(push: Push): void;
}

export const userRoom = (userId: string) => `user:${userId}`;
