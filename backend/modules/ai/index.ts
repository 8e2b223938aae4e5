export { createOfflineProvider, OfflineAnswerProvider } from './adapters/offline.provider';
export { AiModule, answerProviderFor } from './ai.module';
export { AiService } from './ai.service';
export { QURAN_CREDIT } from './corpus/quran-corpus';
export { AI_LIMITS, AI_MESSAGES, AI_RATE } from './limits';
export type { AnswerProvider } from './ports/answer-provider.port';
export { ProducedAnswers } from './produced-answers';
export { quranIndex } from './retrieval/quran-index';
