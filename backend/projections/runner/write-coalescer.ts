import type { BatchWrites, ReadStore } from '../../src/platform/read-store/read-store.port';

interface Waiting {
  writes: BatchWrites[];
  durable: boolean;
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * One append usually wakes several projectors at once (a message: messaging, notifications, audit),
 * and with their documents cached they all reach their commit in the same turn of the event loop.
 * Their writeBatch calls made in one turn are sent as one (each projector's writes, with its own
 * checkpoint, still commit atomically: now together with the others'). If the joint write fails,
 * each is written again on its own, so one projector's failure never becomes another's.
 */
export class WriteCoalescer {
  private waiting: Waiting[] = [];

  constructor(private readonly store: ReadStore) {}

  readonly writeBatch = (writes: BatchWrites[], options?: { durable?: boolean }): Promise<void> =>
    new Promise((resolve, reject) => {
      this.waiting.push({ writes, durable: options?.durable !== false, resolve, reject });
      // Right after the I/O callbacks of this turn: every batch woken by the same read is in.
      if (this.waiting.length === 1) setImmediate(() => void this.flush());
    });

  private async flush(): Promise<void> {
    const group = this.waiting;
    this.waiting = [];
    if (group.length > 1) {
      try {
        await this.store.writeBatch(
          group.flatMap((w) => w.writes),
          { durable: group.some((w) => w.durable) },
        );
        for (const w of group) w.resolve();
        return;
      } catch {
        // Written again one by one below: each gets its own outcome.
      }
    }
    await Promise.all(
      group.map((w) => this.store.writeBatch(w.writes, { durable: w.durable }).then(w.resolve, w.reject)),
    );
  }
}
