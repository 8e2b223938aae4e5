import type { Logger } from '@platform/logging';
import { closeRedis, requestRedis } from '@platform/redis/request-redis';
import type IORedis from 'ioredis';

import type { AnswerReceipts } from './answer-receipts.port';

/**
 * Reads what a receipt has left and deletes it in one step (a script runs alone), so two shares of
 * one answer through two API processes cannot both take it. PTTL: -2 for no such key.
 */
const TAKE = `local left = redis.call('PTTL', KEYS[1])
if left ~= -2 then redis.call('DEL', KEYS[1]) end
return left`;

/** Receipts as Redis keys that expire by themselves (`<prefix>:<receipt>`), shared by every API process. */
export class RedisAnswerReceipts implements AnswerReceipts {
  readonly engine = 'redis' as const;
  private readonly redis: IORedis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    logger: Logger,
  ) {
    this.redis = requestRedis(redisUrl, logger, 'AI answer receipts');
  }

  async add(receipt: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.keyOf(receipt), '1', 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async has(receipt: string): Promise<boolean> {
    return (await this.redis.exists(this.keyOf(receipt))) === 1;
  }

  async take(receipt: string): Promise<number | null> {
    const left = Number(await this.redis.eval(TAKE, 1, this.keyOf(receipt)));
    // -1 (a key without expiry) is none of ours, but it was there: taken, with a moment to give back.
    return left === -2 ? null : Math.max(1, left);
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }

  private keyOf(receipt: string) {
    return `${this.prefix}:${receipt}`;
  }
}
