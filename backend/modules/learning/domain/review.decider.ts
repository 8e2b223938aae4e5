import { type Decider, DomainError } from '@platform/decider/decider';

import type { ReviewData, ReviewEvent } from '../events';
import { LEARNING_LIMITS as L, LEARNING_MESSAGES as M } from '../limits';

export interface ReviewState {
  review: ReviewData | null;
  reply: string | null;
}

export type ReviewCommand =
  | {
      type: 'WriteReview';
      courseId: string;
      userId: string;
      /** The course's teacher, read from the course stream. */
      teacherId: string;
      /** Read from the student's enrolment stream. */
      enrolled: boolean;
      rating: number;
      comment: string;
      now: string;
    }
  | { type: 'ReplyToReview'; actorId: string; reply: string; now: string };

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);

/**
 * One student's review of one course: written by an enrolled student, and written again it is an
 * edit (one review per student). Only the course's teacher replies, and a reply again replaces it.
 */
export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: () => ({ review: null, reply: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ReviewWritten':
      case 'ReviewEdited': {
        const { courseId, userId, teacherId, rating, comment } = event.data;
        return { ...state, review: { courseId, userId, teacherId, rating, comment } };
      }
      case 'ReviewReplied':
        return { ...state, reply: event.data.reply };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'WriteReview': {
        const { courseId, userId, teacherId, rating, now } = command;
        if (userId === teacherId) throw new DomainError('OWN_COURSE', M.ownCourseReview, 403);
        if (!command.enrolled) throw new DomainError('NOT_ENROLLED', M.reviewNotEnrolled, 403);
        if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw invalid(M.badRating);
        const comment = command.comment.trim();
        if (comment.length > L.reviewCommentMax) throw invalid(M.commentTooLong);
        const review: ReviewData = { courseId, userId, teacherId, rating, comment };
        if (!state.review) return [{ type: 'ReviewWritten', data: { ...review, writtenAt: now } }];
        if (state.review.rating === rating && state.review.comment === comment) return [];
        return [{ type: 'ReviewEdited', data: { ...review, editedAt: now } }];
      }
      case 'ReplyToReview': {
        const review = state.review;
        if (!review) throw new DomainError('REVIEW_NOT_FOUND', M.reviewNotFound, 404);
        if (command.actorId !== review.teacherId) throw new DomainError('NOT_COURSE_TEACHER', M.notReviewTeacher, 403);
        const reply = command.reply.trim();
        if (!reply) throw invalid(M.replyRequired);
        if (reply.length > L.replyMax) throw invalid(M.replyTooLong);
        if (reply === state.reply) return [];
        const { courseId, userId, teacherId } = review;
        return [{ type: 'ReviewReplied', data: { courseId, userId, teacherId, reply, repliedAt: command.now } }];
      }
    }
  },
};
