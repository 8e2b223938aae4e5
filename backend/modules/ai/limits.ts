import type { RateLimitRule } from '@platform/rate-limit/rate-limiter.port';

/** Spec part 2 §7 "Search and AI", §8: what the AI scholar takes and answers. */
export const AI_LIMITS = {
  /** The longest question (the Q&A share keeps questions to the same length). */
  questionMax: 500,
  /** Verses an offline answer quotes: at least this many when found, at most citationsMax. */
  citationsMin: 3,
  citationsMax: 5,
  /** A verse past citationsMin is quoted only when it scores at least this share of the best one. */
  relevanceFloor: 0.35,
  /** Verses the chat model is given to answer from. */
  groundingVerses: 6,
  /** Quotes in an answer's text are cut here (the citations carry whole verses). */
  quoteMax: { translation: 420, arabic: 320 },
  /** Answers by normalised question, kept in memory. */
  cache: { entries: 500, ttlMs: 60 * 60_000 },
} as const;

/**
 * Questions per member and per address. A signed-in member counts against both; a guest against
 * the address only. An answer costs a model call when AI_BASE_URL is set, so the limits are lower
 * than for reads, yet well above a person asking one question after another.
 */
export const AI_RATE = {
  perMember: { limit: 20, windowMs: 10 * 60_000 } satisfies RateLimitRule,
  perIp: { limit: 40, windowMs: 10 * 60_000 } satisfies RateLimitRule,
} as const;

export const AI_MESSAGES = {
  questionRequired: 'Question is required',
  questionNotText: 'Question must be text',
  questionTooLong: `Question must be ${AI_LIMITS.questionMax} characters or less`,
  rateLimited: (seconds: number) =>
    `Too many questions to the AI scholar. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  /** Spec §8 "AI answer failure". */
  failed: 'Failed to get AI answer. Please try again.',
} as const;
