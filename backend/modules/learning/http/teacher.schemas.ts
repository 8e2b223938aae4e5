import { z } from 'zod';

import { TEACHER_TOPICS } from '../events';
import { LEARNING_MESSAGES as M } from '../limits';

/** POST /api/vendor/register (spec part 2 §2 Become a teacher, §5): the decider checks the values. */
export const applicationSchema = z.object({
  bio: z.string({ required_error: M.bioRequired, invalid_type_error: M.bioRequired }),
  // One of each topic at most: a longer list is refused at the edge.
  topics: z
    .array(z.string({ invalid_type_error: M.badTopics }), { invalid_type_error: M.badTopics })
    .max(TEACHER_TOPICS.length, M.badTopics)
    .default([]),
  priceRange: z.string({ required_error: M.badPriceRange, invalid_type_error: M.badPriceRange }),
});

/** POST /api/admin/vendors/:userId/reject */
export const rejectionSchema = z.object({
  // Missing is the decider's 400, after its role check: a member is told 403 whatever they sent.
  reason: z.string({ invalid_type_error: M.reasonRequired }).default(''),
});
