import { z } from 'zod';

import { MODERATION_LIMITS, MODERATION_MESSAGES as M } from '../limits';

const reason = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(MODERATION_LIMITS.reasonMax, M.reasonTooLong);

/** A member's report of a comment, a member or a message. */
export const reportSchema = z.object({ reason: reason(M.reportReasonRequired) });

/** Every moderator action says why. */
export const actionSchema = z.object({ reason: reason(M.reasonRequired) });

export const suspendSchema = z.object({
  reason: reason(M.reasonRequired),
  until: z.string({ required_error: M.untilRequired, invalid_type_error: M.untilRequired }).min(1, M.untilRequired),
});
