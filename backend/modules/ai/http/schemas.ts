import { z } from 'zod';

import { AI_LIMITS, AI_MESSAGES } from '../limits';

/** POST /api/ai/ask {question}: text, not blank once trimmed, at most 500 characters. */
export const askSchema = z.object({
  question: z
    .string({ required_error: AI_MESSAGES.questionRequired, invalid_type_error: AI_MESSAGES.questionNotText })
    .trim()
    .min(1, AI_MESSAGES.questionRequired)
    .max(AI_LIMITS.questionMax, AI_MESSAGES.questionTooLong),
});
