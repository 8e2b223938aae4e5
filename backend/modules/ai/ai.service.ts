import type { AiAskResponse } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import { LruCache } from '@platform/cache';
import { ApiError, errorBody } from '@platform/http';
import type { Logger } from '@platform/logging';
import { normaliseText } from '@platform/read-store';
import { LOGGER } from '@platform/tokens';

import { AI_LIMITS, AI_MESSAGES } from './limits';
import { ANSWER_PROVIDER, type AnswerProvider } from './ports/answer-provider.port';

/** The cache key of a question: case, diacritics, punctuation and spacing do not make another question. */
export const questionKey = (question: string): string => normaliseText(question);

/** Answers questions through the configured provider, with the answers cached by normalised question. */
@Injectable()
export class AiService {
  private readonly cache = new LruCache<AiAskResponse>(AI_LIMITS.cache.entries, AI_LIMITS.cache.ttlMs);

  constructor(
    @Inject(ANSWER_PROVIDER) private readonly provider: AnswerProvider,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async ask(question: string): Promise<AiAskResponse> {
    const key = `${this.provider.name}:${questionKey(question) || question}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    let answer: AiAskResponse;
    try {
      answer = await this.provider.answer(question);
    } catch (error) {
      this.logger.error({ err: error }, 'AI answer failed');
      throw new ApiError(503, errorBody(503, AI_MESSAGES.failed, 'AI_UNAVAILABLE'));
    }
    // A model answer that fell back to the offline one is not kept: the next ask tries the model again.
    if (answer.source === this.provider.name) this.cache.set(key, answer);
    return answer;
  }
}
