import type { AiAskResponse } from '@contract';

/**
 * Where AI answers come from (ARCHITECTURE.md "AI answers"): offline retrieval over the bundled
 * Quran (default), or an OpenAI-compatible chat model grounded on the same retrieval, chosen by
 * AI_BASE_URL. An adapter never throws for a question it cannot answer well: the model adapter
 * falls back to the offline answer, and the offline one answers that it found no verses.
 */
export interface AnswerProvider {
  /** 'offline' or 'model': the source of the answers it gives when all goes well. */
  readonly name: AiAskResponse['source'];
  /** The question is trimmed, non-empty and at most AI_LIMITS.questionMax characters. */
  answer(question: string): Promise<AiAskResponse>;
}

export const ANSWER_PROVIDER = Symbol('ANSWER_PROVIDER');
