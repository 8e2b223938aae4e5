import { LruCache } from '@platform/cache';

import type { AnswerReceipts } from './answer-receipts.port';

/** Receipts past this many are dropped oldest first: a bound on memory, far above a day of questions. */
export const MEMORY_RECEIPTS_MAX = 100_000;

/** Receipts in this process's memory, each with its own expiry: for the embedded profile and tests. */
export class MemoryAnswerReceipts implements AnswerReceipts {
  readonly engine = 'memory' as const;
  private readonly receipts: LruCache<number>;

  constructor(
    maxEntries = MEMORY_RECEIPTS_MAX,
    private readonly now: () => number = Date.now,
  ) {
    this.receipts = new LruCache<number>(maxEntries, Infinity, now);
  }

  async add(receipt: string, ttlMs: number): Promise<void> {
    this.receipts.set(receipt, this.now() + ttlMs);
  }

  async has(receipt: string): Promise<boolean> {
    const expiresAt = this.receipts.get(receipt);
    return expiresAt !== undefined && expiresAt > this.now();
  }

  async take(receipt: string): Promise<number | null> {
    const left = (this.receipts.get(receipt) ?? 0) - this.now();
    this.receipts.delete(receipt);
    return left > 0 ? left : null;
  }

  async close(): Promise<void> {}
}
