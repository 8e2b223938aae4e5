import { parseKes } from '@platform/money';
import { z } from 'zod';

import { LEARNING_LIMITS as L, LEARNING_MESSAGES as M } from '../limits';

/** Course ids are strings; the spec's cart call sends them as numbers too (part 2 §7), so both are taken. */
const courseId = z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()], {
  errorMap: () => ({ message: 'courseId is required' }),
});

export const cartAddSchema = z.object({ courseId });

export const cartItemSchema = z.object({
  courseId,
  // One of each course: a course is bought once (the spec's quantity is always 1).
  quantity: z.literal(1, { errorMap: () => ({ message: 'quantity must be 1' }) }).default(1),
});

export const checkoutSchema = z.object({
  method: z.enum(['card', 'mpesa'], { errorMap: () => ({ message: M.badMethod }) }),
  phone: z.string({ invalid_type_error: 'phone must be text' }).trim().max(32).optional(),
  courseIds: z
    .array(courseId, { invalid_type_error: 'courseIds must be a list of course ids' })
    .min(1, M.emptyOrder)
    .max(L.orderItemsMax, M.tooManyItems)
    .optional(),
  cardNumber: z.string({ invalid_type_error: 'cardNumber must be text' }).trim().max(32).optional(),
  /**
   * The total the screen showed, as GET /api/cart's `total` (KES major units, '1499.50'); a number
   * is taken too. Required: without it a price raised between cart and charge would go unnoticed.
   */
  expectedTotal: z
    .union([z.string().max(32), z.number()], {
      errorMap: () => ({ message: M.expectedTotalRequired }),
    })
    .transform((v, ctx) => {
      const cents = typeof v === 'string' ? parseKes(v) : wholeCents(v);
      if (cents === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.expectedTotalRequired });
        return z.NEVER;
      }
      return cents;
    }),
});

/** A number of KES with at most two decimals, in cents (float noise of `1499.5 * 100` forgiven). */
function wholeCents(kes: number): number | null {
  const cents = Math.round(kes * 100);
  return Number.isSafeInteger(cents) && cents >= 0 && Math.abs(kes * 100 - cents) < 1e-6 ? cents : null;
}

/** Paying a pending order again (a declined card, an STK push that never reached the phone). */
export const payOrderSchema = z.object({
  phone: z.string({ invalid_type_error: 'phone must be text' }).trim().max(32).optional(),
  cardNumber: z.string({ invalid_type_error: 'cardNumber must be text' }).trim().max(32).optional(),
});

export const positionSchema = z.object({
  seconds: z
    .number({ required_error: M.badPosition, invalid_type_error: M.badPosition })
    .finite()
    .min(0, M.badPosition),
});

export const reviewSchema = z.object({
  rating: z.number({ required_error: M.badRating, invalid_type_error: M.badRating }),
  comment: z
    .string({ invalid_type_error: 'comment must be text' })
    .max(L.reviewCommentMax * 2, M.commentTooLong)
    .default(''),
});

export const replySchema = z.object({
  text: z
    .string({ required_error: M.replyRequired, invalid_type_error: M.replyRequired })
    .max(L.replyMax * 2, M.replyTooLong),
});
