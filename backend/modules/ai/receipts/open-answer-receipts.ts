import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/logging';

import type { AnswerReceipts } from './answer-receipts.port';
import { MemoryAnswerReceipts } from './memory.answer-receipts';
import { RedisAnswerReceipts } from './redis.answer-receipts';

/** Redis when REDIS_URL is set (any API process may take the share), else memory; keys under `<QUEUE_PREFIX>:ai:answers`. */
export function openAnswerReceipts(config: AppConfig, logger: Logger): AnswerReceipts {
  if (config.redisUrl)
    return new RedisAnswerReceipts(
      config.redisUrl,
      `${config.queuePrefix}:ai:answers`,
      logger.child({ component: 'ai' }),
    );
  return new MemoryAnswerReceipts();
}
