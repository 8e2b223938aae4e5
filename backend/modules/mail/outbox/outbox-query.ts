import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';

export const OUTBOX_DEFAULT_LIMIT = 20;
export const OUTBOX_MAX_LIMIT = 100;

const outboxQuery = z.object({
  to: z.string().trim().min(1, 'to must not be empty').max(254, 'to must be at most 254 characters').optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1, 'limit must be at least 1')
    // Asking for more than the cap is not an error, it just gets the cap.
    .transform((n) => Math.min(n, OUTBOX_MAX_LIMIT))
    .default(String(OUTBOX_DEFAULT_LIMIT)),
});

export type OutboxQuery = z.infer<typeof outboxQuery>;

/** Validates `?to=&limit=` of GET /api/dev/outbox; a repeated or malformed parameter is a 400. */
export function parseOutboxQuery(query: unknown): OutboxQuery {
  const parsed = outboxQuery.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  // A string parameter of the wrong type can only be a repeated one (?to=a&to=b arrives as a list).
  const messages = parsed.error.issues.map((i) =>
    i.code === 'invalid_type' ? `${i.path.join('.')} must be given once` : i.message,
  );
  throw new BadRequestException(messages.join('; '));
}
