import { createHash } from 'node:crypto';

/**
 * What the scholar answered whom: a short-lived record of each answer given to a signed-in member,
 * so that POST /api/ai-share publishes only answers the scholar really gave them. Only a hash is
 * kept (member, question, answer): the store never holds what anyone asked.
 *
 * Adapters: Redis when REDIS_URL is set (an answer given by one API process may be shared through
 * another), else this process's memory (the embedded profile is one process). Both are held to
 * ../testing/answer-receipts.contract.ts.
 */
export interface AnswerReceipts {
  readonly engine: 'memory' | 'redis';
  /** Remembers `receipt` for ttlMs from now (again: from now again). */
  add(receipt: string, ttlMs: number): Promise<void>;
  /** Whether `receipt` was added less than its ttlMs ago (and not taken since). */
  has(receipt: string): Promise<boolean>;
  /**
   * Takes `receipt` out, atomically: of any number of concurrent takes (across processes, for
   * Redis) one gets the milliseconds it had left and every other gets null, as does a take of a
   * receipt expired or never added. Adding it back with those milliseconds undoes the take.
   */
  take(receipt: string): Promise<number | null>;
  close(): Promise<void>;
}

export const ANSWER_RECEIPTS = Symbol('ANSWER_RECEIPTS');

/**
 * The receipt of one answer to one member. The texts are taken as the routes take them: trimmed at
 * both ends (the ask and share schemas trim), and otherwise exactly as produced. NUL separates the
 * parts, which no valid question holds, so no two (question, answer) pairs share a receipt.
 */
export function answerReceipt(memberId: string, question: string, answer: string): string {
  return createHash('sha256')
    .update(`ai-answer\u0000${memberId}\u0000${question.trim()}\u0000${answer.trim()}`)
    .digest('hex');
}
