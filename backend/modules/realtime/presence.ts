export interface PresenceStatus {
  isOnline: boolean;
  /** ISO time the member's last socket closed; null when never seen or online now. */
  lastSeen: string | null;
}

export interface RecipientPresence {
  isOnline: boolean;
  viewing: boolean;
}

/**
 * Who is connected, across every API process: a member is online while any of their sockets, on
 * any instance, is open. Adapters: in memory (one process) and Redis (REDIS_URL).
 */
export interface Presence {
  /** Records an open socket; true when it is the member's first (they just came online). */
  connected(userId: string, socketId: string): Promise<boolean>;
  /** Records a closed socket; true when it was the member's last (they just went offline). */
  disconnected(userId: string, socketId: string): Promise<boolean>;
  status(userIds: readonly string[]): Promise<Map<string, PresenceStatus>>;
  /** Records which conversation a socket has open (null: none); forgotten when the socket closes. */
  setViewing(userId: string, socketId: string, conversationId: string | null): Promise<void>;
  /**
   * Where a message in the conversation lands for the member, in one round trip (it is asked once
   * per message sent): online while any socket is open, viewing while one has the conversation open.
   */
  recipient(userId: string, conversationId: string): Promise<RecipientPresence>;
  close(): Promise<void>;
}

export const PRESENCE = Symbol('PRESENCE');
