import type { ReviewEvent } from '@modules/learning/events';

import { defineProjector, type ProjectionContext } from '../runner';
import { type ReviewDoc, reviewId, REVIEWS, REVIEWS_PROJECTOR, reviewsCollection } from './docs';

const reviews = (ctx: ProjectionContext) => ctx.collection<ReviewDoc>(REVIEWS);

/** Each course's reviews, newest first, with the teacher's reply (spec part 2 §2 Course detail). */
export const reviewsProjector = defineProjector<ReviewEvent>({
  name: REVIEWS_PROJECTOR,
  version: 1,
  collections: [reviewsCollection],
  on: {
    async ReviewWritten({ data }, ctx) {
      await reviews(ctx).upsert({
        id: reviewId(data.courseId, data.userId),
        courseId: data.courseId,
        userId: data.userId,
        teacherId: data.teacherId,
        rating: data.rating,
        comment: data.comment,
        createdAt: data.writtenAt,
        editedAt: null,
        reply: null,
      });
    },
    async ReviewEdited({ data }, ctx) {
      await reviews(ctx).update(reviewId(data.courseId, data.userId), {
        set: { rating: data.rating, comment: data.comment, editedAt: data.editedAt },
      });
    },
    async ReviewReplied({ data }, ctx) {
      await reviews(ctx).update(reviewId(data.courseId, data.userId), {
        set: { reply: { text: data.reply, repliedAt: data.repliedAt } },
      });
    },
  },
});
