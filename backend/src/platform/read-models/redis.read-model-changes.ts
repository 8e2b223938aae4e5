import IORedis from 'ioredis';

import type { Logger } from '../logging';
import type { ReadModelChangeListener, ReadModelChangeMessage, ReadModelChanges } from './read-model-changes.port';

/**
 * Redis pub/sub on one channel per deployment (`<prefix>:rm:changes`). The barrier is a PING on the
 * subscriber's own connection: Redis answers it after every message it had already queued for that
 * connection, and ioredis hands those to the listeners before the PING's reply, so once it comes back
 * every publish that had completed anywhere before the barrier began has been applied here.
 * A lost connection loses messages, so listeners are reset then, and again once subscribed anew;
 * until the subscription is back, barrier() answers false.
 */
export class RedisReadModelChanges implements ReadModelChanges {
  readonly engine = 'redis';
  private readonly channel: string;
  private readonly publisher: IORedis;
  private subscriber: IORedis | null = null;
  private readonly listeners = new Set<ReadModelChangeListener>();
  private live = false;
  private closed = false;
  private firstLive: Promise<void> | null = null;
  private next: Promise<boolean> | null = null;

  constructor(
    private readonly redisUrl: string,
    prefix: string,
    private readonly logger: Logger,
    private readonly pingTimeoutMs = 2000,
  ) {
    this.channel = `${prefix}:rm:changes`;
    // Lazy: a process that never publishes (an API process) never opens it.
    this.publisher = new IORedis(redisUrl, { lazyConnect: true, enableAutoPipelining: true });
    this.publisher.on('error', (err) => logger.warn({ err }, 'read-model changes: publisher connection error'));
  }

  async publish(message: ReadModelChangeMessage): Promise<void> {
    if (this.closed) throw new Error('read-model changes: closed');
    await this.publisher.publish(this.channel, JSON.stringify(message));
  }

  async subscribe(listener: ReadModelChangeListener): Promise<() => void> {
    this.listeners.add(listener);
    await this.connect();
    return () => this.listeners.delete(listener);
  }

  barrier(): Promise<boolean> {
    if (!this.live) return Promise.resolve(false);
    // Everyone asking during this turn of the event loop shares the PING sent at its end.
    this.next ??= new Promise((resolve) =>
      setImmediate(() => {
        this.next = null;
        resolve(this.ping());
      }),
    );
    return this.next;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    this.listeners.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (c) => {
        if (!c) return;
        // Never connected (lazy) or already gone: nothing to say goodbye to.
        if (c.status !== 'ready') return c.disconnect();
        await c.quit().catch(() => c.disconnect());
      }),
    );
  }

  private connect(): Promise<void> {
    if (this.firstLive) return this.firstLive;
    // No offline queue: a PING while the connection is away fails at once instead of waiting.
    const sub = new IORedis(this.redisUrl, { lazyConnect: true, autoResubscribe: false, enableOfflineQueue: false });
    this.subscriber = sub;
    sub.on('error', (err) => this.logger.warn({ err }, 'read-model changes: subscriber connection error'));
    // Delivered whenever they arrive: a message is never harmful, only a missed one is.
    sub.on('message', (channel: string, raw: string) => {
      if (channel === this.channel) this.deliver(raw);
    });
    sub.on('close', () => this.lost());
    this.firstLive = new Promise<void>((resolve, reject) => {
      sub.on('ready', () => {
        // Whatever was built before this connection may lack what was published while it was away.
        this.reset();
        sub.subscribe(this.channel).then(
          () => {
            this.live = !this.closed;
            resolve();
          },
          (err: unknown) => {
            this.logger.warn({ err }, 'read-model changes: could not subscribe');
            sub.disconnect(true);
          },
        );
      });
      sub.connect().catch(reject);
    });
    return this.firstLive;
  }

  private deliver(raw: string) {
    let message: ReadModelChangeMessage;
    try {
      message = JSON.parse(raw) as ReadModelChangeMessage;
    } catch (err) {
      // Not ours to read, but something may have been meant: trust nothing held.
      this.logger.warn({ err }, 'read-model changes: unreadable message');
      this.reset();
      return;
    }
    for (const l of this.listeners) l.message(message);
  }

  private async ping(): Promise<boolean> {
    const sub = this.subscriber;
    if (!this.live || !sub) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sub.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no PONG within ${this.pingTimeoutMs} ms`)), this.pingTimeoutMs);
        }),
      ]);
      return this.live;
    } catch (err) {
      if (this.closed || !this.live) return false;
      // A connection that does not answer may be silently gone: start again from a clean slate.
      this.logger.warn({ err }, 'read-model changes: barrier failed; reconnecting');
      this.lost();
      sub.disconnect(true);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private lost() {
    this.live = false;
    this.reset();
  }

  private reset() {
    for (const l of this.listeners) l.reset();
  }
}
