import type { Presence, PresenceStatus, RecipientPresence } from './presence';

/** Presence for a single process (the embedded profile). */
export class MemoryPresence implements Presence {
  private readonly sockets = new Map<string, Set<string>>();
  private readonly lastSeen = new Map<string, string>();
  private readonly viewing = new Map<string, Map<string, string>>();

  async connected(userId: string, socketId: string): Promise<boolean> {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socketId);
    return set.size === 1;
  }

  async disconnected(userId: string, socketId: string): Promise<boolean> {
    const set = this.sockets.get(userId);
    this.viewing.get(userId)?.delete(socketId);
    if (!set?.delete(socketId)) return false;
    if (set.size > 0) return false;
    this.sockets.delete(userId);
    this.lastSeen.set(userId, new Date().toISOString());
    return true;
  }

  async status(userIds: readonly string[]): Promise<Map<string, PresenceStatus>> {
    return new Map(
      userIds.map((id) => {
        const isOnline = (this.sockets.get(id)?.size ?? 0) > 0;
        return [id, { isOnline, lastSeen: isOnline ? null : (this.lastSeen.get(id) ?? null) }];
      }),
    );
  }

  async setViewing(userId: string, socketId: string, conversationId: string | null): Promise<void> {
    if (!this.sockets.get(userId)?.has(socketId)) return;
    let views = this.viewing.get(userId);
    if (!views) this.viewing.set(userId, (views = new Map()));
    if (conversationId) views.set(socketId, conversationId);
    else views.delete(socketId);
  }

  async recipient(userId: string, conversationId: string): Promise<RecipientPresence> {
    const views = [...(this.viewing.get(userId)?.values() ?? [])];
    return { isOnline: (this.sockets.get(userId)?.size ?? 0) > 0, viewing: views.includes(conversationId) };
  }

  async close(): Promise<void> {}
}
