import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { APP_CONFIG } from '@platform/tokens';

import { ANSWER_RECEIPTS, answerReceipt, type AnswerReceipts } from './receipts/answer-receipts.port';

/** An answer taken for a share, until the share is recorded. */
export interface TakenAnswer {
  giveBack(): Promise<void>;
}

/**
 * The answers the scholar gave each signed-in member, for AI_SHARE_WINDOW_SECONDS (default a day):
 * the Q&A feed shows an answer as the scholar's, so only what the scholar really said to the member
 * who shares it may go there, and each answer once. A guest's answers are not kept: a guest cannot share, and nobody else
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

  /**
   * Takes the receipt of an answer the scholar gave this member, so one answer is shared once:
   * null when there is none (never given, another member's, past the window, or already taken by a
   * share). The share calls `giveBack` when it failed to record, so a refused or failed write does
   * not spend the answer.
   */
  async takeFor(memberId: string, question: string, answer: string): Promise<TakenAnswer | null> {
    const receipt = answerReceipt(memberId, question, answer);
    const left = await this.receipts.take(receipt);
    if (left === null) return null;
    return { giveBack: () => this.receipts.add(receipt, left) };
  }

  onModuleDestroy() {
    return this.receipts.close();
  }
}
