import { IdentityModule } from '@modules/identity';
import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/logging';
import { APP_CONFIG, LOGGER } from '@platform/tokens';

import type * as ChatModule from './adapters/chat.provider';
import { OfflineAnswerProvider } from './adapters/offline.provider';
import { AiService } from './ai.service';
import { AiController } from './http/ai.controller';
import { ANSWER_PROVIDER, type AnswerProvider } from './ports/answer-provider.port';
import { ProducedAnswers } from './produced-answers';
import { ANSWER_RECEIPTS } from './receipts/answer-receipts.port';
import { openAnswerReceipts } from './receipts/open-answer-receipts';
import { quranIndex } from './retrieval/quran-index';

/** The adapter AI_BASE_URL selects: the chat model when set, else offline retrieval. */
export function answerProviderFor(config: AppConfig, logger: Logger): AnswerProvider {
  const { ai } = config;
  if (!ai.baseUrl) return new OfflineAnswerProvider();
  // The OpenAI SDK loads only when a chat model is configured (as the S3 client does in create-blob-store).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ChatAnswerProvider } = require('./adapters/chat.provider') as typeof ChatModule;
  return new ChatAnswerProvider({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
    logger: logger.child({ component: 'ai' }),
  });
}

/** The AI scholar: POST /api/ai/ask, answered from the Quran, and the answers it gave (README.md). */
@Module({
  imports: [IdentityModule],
  controllers: [AiController],
  providers: [
    {
      provide: ANSWER_PROVIDER,
      useFactory: answerProviderFor,
      inject: [APP_CONFIG, LOGGER],
    },
    AiService,
    { provide: ANSWER_RECEIPTS, useFactory: openAnswerReceipts, inject: [APP_CONFIG, LOGGER] },
    ProducedAnswers,
  ],
  exports: [AiService, ProducedAnswers],
})
export class AiModule implements OnApplicationBootstrap {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Builds the Quran index once the app is up, so that the first question does not wait for it.
   * Not under test: each test file would pay for an index most of them never use.
   */
  onApplicationBootstrap() {
    if (this.config.env === 'test') return;
    // One language per turn of the event loop: requests that arrive meanwhile are not held up long.
    setTimeout(() => {
      quranIndex().index('en');
      setTimeout(() => quranIndex().index('ar'), 0).unref();
    }, 0).unref();
  }
}
