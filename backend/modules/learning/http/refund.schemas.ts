import { z } from 'zod';

import { LEARNING_MESSAGES as M } from '../limits';

/** POST /api/admin/orders/:id/refund. Blank and too long are the decider's 400s. */
export const moderatorRefundSchema = z.object({
  reason: z.string({ required_error: M.refundReasonRequired, invalid_type_error: M.refundReasonRequired }),
});
