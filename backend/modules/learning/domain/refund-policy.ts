/*
 * The verdict's shape and its refusal codes are the contract's (what the order, the course page and
 * the 409s tell the member): one declaration, so the rule cannot answer what the API does not say.
 */
import type { RefundEligibility, RefundPolicy, RefundRefusal } from '@contract';

import { LEARNING_LIMITS as L } from '../limits';

/**
 * When a member may still get their money back for an order (spec part 2 §2, §9: 7 days), and the
 * rule against buying, finishing and refunding a course: more than `maxProgress` of a course's
 * lessons completed or opened (their media served) under this order keeps the order. One pure function, used by the order decider
 * (the rule) and by the read side (what the order and the course page tell the member beforehand).
 */

/**
 * How far the buyer went in one course the order granted, of the lessons it has now: `completed`
 * counts the lessons consumed, i.e. marked complete or whose locked media (video, poster, a
 * rendition) were served to the buyer, since a lesson watched or downloaded is had either way.
 */
export interface CourseProgress {
  courseId: string;
  completed: number;
  lessons: number;
}

export interface RefundFacts {
  status: string | null;
  paidAt: string | null;
  now: string;
  /** Only the courses whose enrolment this order granted: a course owned through another order is not this order's. */
  progress: readonly CourseProgress[];
  maxProgress: number;
}

/** The share of its lessons a course's buyer consumed; a course without lessons was not consumed. */
export function progressShare(p: CourseProgress): number {
  return p.lessons > 0 ? Math.min(p.completed, p.lessons) / p.lessons : 0;
}

export function refundEligibility(f: RefundFacts): RefundEligibility {
  const paid = f.status === 'paid' && f.paidAt !== null;
  const until = paid ? new Date(Date.parse(f.paidAt!) + L.refundWindowMs).toISOString() : null;
  const consumedCourseIds = f.progress.filter((p) => progressShare(p) > f.maxProgress).map((p) => p.courseId);
  const reason: RefundRefusal | null = !paid
    ? 'ORDER_NOT_PAID'
    : // Exactly 7 days after payment is still in.
      Date.parse(f.now) - Date.parse(f.paidAt!) > L.refundWindowMs
      ? 'REFUND_WINDOW_CLOSED'
      : consumedCourseIds.length > 0
        ? 'COURSE_CONSUMED'
        : null;
  return { eligible: reason === null, reason, maxProgress: f.maxProgress, until, consumedCourseIds };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The rule as told to anyone before buying (the course page): the decider's own window and the
 * configured share, so the page cannot promise what the refund route would refuse.
 */
export function refundPolicy(maxProgress: number): RefundPolicy {
  return { windowDays: L.refundWindowMs / DAY_MS, maxProgress };
}

/** The refusal's English text; the web app shows its own words for the code (en, ar). */
export function courseConsumedMessage(maxProgress: number): string {
  const percent = Math.round(maxProgress * 100);
  return `You have completed or opened more than ${percent}% of the lessons of a course in this order, so it can no longer be refunded`;
}
