import type { Redis } from 'ioredis';

import type { Presence, PresenceStatus, RecipientPresence } from './presence';

/** A socket counts as open while its entry is renewed; a crashed instance's sockets lapse. */
const TTL_MS = 90_000;
/** Each socket's entry is renewed once in this long (well inside the TTL), a slice every tick. */
const RENEW_MS = 30_000;
const RENEW_TICKS = 30;

/**
 * Presence shared by every API process: per member a sorted set of socket ids scored by when each
 * entry lapses, so sockets of an instance that died without closing them stop counting on their
 * own, plus the time the member was last seen.
 */
export class RedisPresence implements Presence {
  private readonly local = new Map<string, string>();
  private readonly timer: NodeJS.Timeout;
  /** The sockets of this renewal round still to renew, and how many go per tick. */
  private round: [string, string][] = [];
  private perTick = 0;
  private readonly ticks: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    renew = { everyMs: RENEW_MS, ticks: RENEW_TICKS },
  ) {
    // ioredis reconnects by itself; without a listener an 'error' event would crash the process.
    this.redis.on('error', () => undefined);
    this.ticks = renew.ticks;
    this.timer = setInterval(() => void this.renew().catch(() => undefined), renew.everyMs / renew.ticks);
    this.timer.unref();
  }

  private key = (userId: string) => `${this.prefix}:presence:${userId}`;
  private seenKey = (userId: string) => `${this.prefix}:lastseen:${userId}`;
  /** Per member: socket id → open conversation; lapses with the member's sockets (renewed with them). */
  private viewKey = (userId: string) => `${this.prefix}:viewing:${userId}`;

  async connected(userId: string, socketId: string): Promise<boolean> {
    this.local.set(socketId, userId);
    const now = Date.now();
    const [, , live] = (await this.redis
      .multi()
      .zremrangebyscore(this.key(userId), '-inf', now)
      .zadd(this.key(userId), now + TTL_MS, socketId)
      .zcard(this.key(userId))
      .pexpire(this.key(userId), TTL_MS)
      .exec())!.map(([, v]) => v);
    return live === 1;
  }

  async disconnected(userId: string, socketId: string): Promise<boolean> {
    this.local.delete(socketId);
    const now = Date.now();
    const [removed, , , live] = (await this.redis
      .multi()
      .zrem(this.key(userId), socketId)
      .hdel(this.viewKey(userId), socketId)
      .zremrangebyscore(this.key(userId), '-inf', now)
      .zcard(this.key(userId))
      .exec())!.map(([, v]) => v);
    if (removed !== 1 || live !== 0) return false;
    await this.redis.set(this.seenKey(userId), new Date(now).toISOString());
    return true;
  }

  async status(userIds: readonly string[]): Promise<Map<string, PresenceStatus>> {
    if (userIds.length === 0) return new Map();
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const id of userIds) pipeline.zcount(this.key(id), now, '+inf').get(this.seenKey(id));
    const results = (await pipeline.exec())!.map(([, v]) => v);
    return new Map(
      userIds.map((id, i) => {
        const isOnline = Number(results[2 * i]) > 0;
        return [id, { isOnline, lastSeen: isOnline ? null : ((results[2 * i + 1] as string | null) ?? null) }];
      }),
    );
  }

  async setViewing(userId: string, socketId: string, conversationId: string | null): Promise<void> {
    if (!this.local.has(socketId)) return;
    if (!conversationId) {
      await this.redis.hdel(this.viewKey(userId), socketId);
      return;
    }
    await this.redis
      .multi()
      .hset(this.viewKey(userId), socketId, conversationId)
      .pexpire(this.viewKey(userId), TTL_MS)
      .exec();
  }

  async recipient(userId: string, conversationId: string): Promise<RecipientPresence> {
    // Two reads in the same tick, not a MULTI: the client's auto-pipelining sends them, and those
    // of every other message sent in this tick, in one write.
    const [views, live] = await Promise.all([
      this.redis.hgetall(this.viewKey(userId)),
      this.redis.zrangebyscore(this.key(userId), Date.now(), '+inf'),
    ]);
    // A socket of a crashed instance lapses from the sorted set; its view entry no longer counts.
    return { isOnline: live.length > 0, viewing: live.some((socketId) => views[socketId] === conversationId) };
  }

  /**
   * Renews the next slice of this round's sockets: all of them at once was one pipeline of three
   * commands per socket every 30 s, which held the event loop for tens of milliseconds with a
   * thousand sockets (and in proportion with more). A socket opened during a round joins the
   * next one; its entry from connected() lasts the TTL, longer than two rounds.
   */
  private async renew() {
    if (this.round.length === 0) {
      this.round = [...this.local];
      this.perTick = Math.ceil(this.round.length / this.ticks);
    }
    const slice = this.round.splice(0, this.perTick).filter(([socketId]) => this.local.has(socketId));
    if (slice.length === 0) return;
    const until = Date.now() + TTL_MS;
    const pipeline = this.redis.pipeline();
    for (const [socketId, userId] of slice) {
      pipeline
        .zadd(this.key(userId), 'XX', until, socketId)
        .pexpire(this.key(userId), TTL_MS)
        .pexpire(this.viewKey(userId), TTL_MS);
    }
    await pipeline.exec();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.quit().catch(() => undefined);
  }
}
