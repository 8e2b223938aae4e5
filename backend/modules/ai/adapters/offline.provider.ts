import type { AiAskResponse } from '@contract';

import { offlineAnswer } from '../answers/compose';
import { AI_LIMITS } from '../limits';
import type { AnswerProvider } from '../ports/answer-provider.port';
import { type QuranIndex, quranIndex } from '../retrieval/quran-index';

/** Answers from the bundled Quran alone: the verses that best match the question, quoted. */
export class OfflineAnswerProvider implements AnswerProvider {
  readonly name = 'offline' as const;

  constructor(private readonly index: () => QuranIndex = quranIndex) {}

  async answer(question: string): Promise<AiAskResponse> {
    return this.answerNow(question);
  }

  /** The same answer, synchronously (the benchmark times it without the event loop in between). */
  answerNow(question: string): AiAskResponse {
    return offlineAnswer(this.index().retrieve(question, AI_LIMITS.citationsMax));
  }
}

/** The offline provider over the shared index (built on first use, or now with `warm`). */
export function createOfflineProvider(options: { warm?: boolean } = {}): OfflineAnswerProvider {
  if (options.warm) quranIndex().build();
  return new OfflineAnswerProvider();
}
