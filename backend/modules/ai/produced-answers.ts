import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { APP_CONFIG } from '@platform/tokens';

import { ANSWER_RECEIPTS, answerReceipt, type AnswerReceipts } from './receipts/answer-receipts.port';

/**
 * The answers the scholar gave each signed-in member, for AI_SHARE_WINDOW_SECONDS (default a day):
 * the Q&A feed shows an answer as the scholar's, so only what the scholar really said to the member
 * who shares it may go there. A guest's answers are not kept: a guest cannot share, and nobody else
 * may share them.
 */
@Injectable()
export class ProducedAnswers implements OnModuleDestroy {
  constructor(
    @Inject(ANSWER_RECEIPTS) private readonly receipts: AnswerReceipts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  remember(memberId: string, question: string, answer: string): Promise<void> {
    return this.receipts.add(answerReceipt(memberId, question, answer), this.config.ai.shareWindowMs);
  }

  wasProducedFor(memberId: string, question: string, answer: string): Promise<boolean> {
    return this.receipts.has(answerReceipt(memberId, question, answer));
  }

  onModuleDestroy() {
    return this.receipts.close();
  }
}
