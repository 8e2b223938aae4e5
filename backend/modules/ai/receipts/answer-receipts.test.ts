import { randomBytes } from 'node:crypto';

import { createLogger } from '@platform/logging';
import { redisReachable, TEST_REDIS_URL } from '@platform/testing/services';

import { answerReceiptsContract } from '../testing/answer-receipts.contract';
import { answerReceipt } from './answer-receipts.port';
import { MemoryAnswerReceipts } from './memory.answer-receipts';
import { RedisAnswerReceipts } from './redis.answer-receipts';

describe('answerReceipt', () => {
  it('binds the member, the question and the answer, exactly but for the ends', () => {
    const base = answerReceipt('m1', 'What is zakat?', 'A due.\n\n(9:60)');
    expect(answerReceipt('m1', '  What is zakat? ', 'A due.\n\n(9:60)\n')).toBe(base);
    for (const other of [
      answerReceipt('m2', 'What is zakat?', 'A due.\n\n(9:60)'),
      answerReceipt('m1', 'what is zakat?', 'A due.\n\n(9:60)'),
      answerReceipt('m1', 'What is zakat?', 'A due.\n(9:60)'),
      answerReceipt('m1', 'What is zakat?', 'A due. (9:60)'),
      // The parts cannot be shifted into one another.
      answerReceipt('m1', 'What is zakat?\u0000A due.', '\n\n(9:60)'),
    ])
      expect(other).not.toBe(base);
  });
});

describe('MemoryAnswerReceipts', () => {
  answerReceiptsContract(() => new MemoryAnswerReceipts());

  it('stays within its bound, dropping the oldest receipts', async () => {
    const store = new MemoryAnswerReceipts(10);
    for (let i = 0; i < 25; i++) await store.add(`r${i}`, 60_000);
    expect(await store.has('r24')).toBe(true);
    expect(await store.has('r0')).toBe(false);
  });
});

if (redisReachable()) {
  describe('RedisAnswerReceipts', () => {
    answerReceiptsContract(
      () =>
        new RedisAnswerReceipts(TEST_REDIS_URL, `dc-test-${randomBytes(4).toString('hex')}:ai`, createLogger('silent')),
    );
  });
}
