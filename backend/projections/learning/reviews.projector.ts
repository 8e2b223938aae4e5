import type { EnrolmentEvent, ReviewEvent } from '@modules/learning/events';

import { defineProjector, type EventsOf, type ProjectionContext } from '../runner';
import {
  REVIEW_STANDING,
  type ReviewDoc,
  reviewId,
  REVIEWS,
  REVIEWS_PROJECTOR,
  reviewsCollection,
  type ReviewStandingDoc,
} from './docs';

type Handled = ReviewEvent | EventsOf<EnrolmentEvent, 'EnrolmentGranted' | 'EnrolmentRevoked'>;

const reviews = (ctx: ProjectionContext) => ctx.collection<ReviewDoc>(REVIEWS);
const standing = (ctx: ProjectionContext) => ctx.collection<ReviewStandingDoc>(REVIEW_STANDING);

/**
 * Each course's reviews, newest first, with the teacher's reply (spec part 2 §2 Course detail). A
 * review counts only while its author's enrolment stands: a refund hides it, enrolling again shows
 * it. A revoke is remembered even without a review, since a review decided just before the revoke
 * can reach the log just after it.
 */
export const reviewsProjector = defineProjector<Handled>({
  name: REVIEWS_PROJECTOR,
  version: 2,
  collections: [reviewsCollection, { name: REVIEW_STANDING }],
  on: {
    async ReviewWritten({ data }, ctx) {
      const id = reviewId(data.courseId, data.userId);
      await reviews(ctx).upsert({
        id,
        courseId: data.courseId,
        userId: data.userId,
        teacherId: data.teacherId,
        rating: data.rating,
        comment: data.comment,
        createdAt: data.writtenAt,
        editedAt: null,
        reply: null,
        hidden: (await standing(ctx).get(id))?.enrolled === false,
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
    async EnrolmentGranted({ data }, ctx) {
      const id = reviewId(data.courseId, data.userId);
      // Most enrolments were never revoked: nothing to undo.
      if (!(await standing(ctx).get(id))) return;
      await standing(ctx).upsert({ id, enrolled: true });
      await reviews(ctx).update(id, { set: { hidden: false } });
    },
    async EnrolmentRevoked({ data }, ctx) {
      const id = reviewId(data.courseId, data.userId);
      await standing(ctx).upsert({ id, enrolled: false });
      await reviews(ctx).update(id, { set: { hidden: true } });
    },
  },
});
