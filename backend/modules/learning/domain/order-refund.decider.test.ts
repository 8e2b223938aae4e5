import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { at, orderPaid, orderPlaced, orderRefunded, T0 } from '../testing/order-events';
import { orderDecider } from './order.decider';
import { type CourseProgress, progressShare, refundEligibility, refundPolicy } from './refund-policy';

const DAY = 24 * 60 * 60_000;

const placed = orderPlaced('card', [150_000, 99_950]);
const paidEvent = orderPaid(placed, 'stripe', 'pi_1', at(1000));
const refundedBy = (refundedBy: string, refundedAt: string, reason?: string) =>
  orderRefunded(placed, 'stripe', 'pi_1', { refundedBy, refundedAt, ...(reason === undefined ? {} : { reason }) });

const course = (courseId: string, completed: number, lessons: number): CourseProgress => ({
  courseId,
  completed,
  lessons,
});
const refund = (progress: CourseProgress[], now = at(DAY), maxProgress = 0.3) =>
  ({ type: 'RefundOrder', actorId: 'u1', now, progress, maxProgress }) as const;
const byModerator = (reason: string, actorRole: 'moderator' | 'admin' | 'member' | 'vendor' = 'moderator') =>
  ({ type: 'RefundOrderAsModerator', actorId: 'mod1', actorRole, reason, now: at(30 * DAY) }) as const;

const spec = DeciderSpec.for(orderDecider);
const pending = spec.given([placed]);
const paid = pending.given([paidEvent]);

describe('refund policy', () => {
  const facts = { status: 'paid', paidAt: T0, now: at(DAY), maxProgress: 0.3 };

  it('counts completed lessons over the lessons a course has, never above all of them', () => {
    expect(progressShare(course('c', 3, 10))).toBe(0.3);
    expect(progressShare(course('c', 0, 0))).toBe(0);
    expect(progressShare(course('c', 12, 10))).toBe(1);
  });

  it('allows up to maxProgress of every course and refuses past it, naming the consumed courses', () => {
    expect(refundEligibility({ ...facts, progress: [course('c1', 30, 100), course('c2', 3, 10)] })).toEqual({
      eligible: true,
      reason: null,
      maxProgress: 0.3,
      until: at(7 * DAY),
      consumedCourseIds: [],
    });
    expect(refundEligibility({ ...facts, progress: [course('c1', 31, 100), course('c2', 0, 10)] })).toMatchObject({
      eligible: false,
      reason: 'COURSE_CONSUMED',
      consumedCourseIds: ['c1'],
    });
    // 0 refuses any completed lesson; 1 never refuses for progress.
    expect(refundEligibility({ ...facts, maxProgress: 0, progress: [course('c1', 1, 100)] }).reason).toBe(
      'COURSE_CONSUMED',
    );
    expect(refundEligibility({ ...facts, maxProgress: 1, progress: [course('c1', 100, 100)] }).eligible).toBe(true);
  });

  it('says why first by the order, then by the window, then by progress', () => {
    const consumed = [course('c1', 10, 10)];
    expect(refundEligibility({ ...facts, status: 'pending', paidAt: null, progress: consumed })).toMatchObject({
      reason: 'ORDER_NOT_PAID',
      until: null,
    });
    expect(refundEligibility({ ...facts, status: 'refunded', progress: [] })).toMatchObject({
      reason: 'ORDER_NOT_PAID',
    });
    expect(refundEligibility({ ...facts, now: at(7 * DAY + 1), progress: consumed }).reason).toBe(
      'REFUND_WINDOW_CLOSED',
    );
    expect(refundEligibility({ ...facts, now: at(7 * DAY), progress: [] }).eligible).toBe(true);
  });

  it('tells a buyer-to-be the window and share the rule enforces', () => {
    const policy = refundPolicy(0.45);
    expect(policy).toEqual({ windowDays: 7, maxProgress: 0.45 });
    // The last day the policy promises is the last day the rule refunds, and not one more.
    const lastDay = at(policy.windowDays * DAY);
    expect(refundEligibility({ ...facts, maxProgress: 0.45, now: lastDay, progress: [] }).until).toBe(lastDay);
    expect(refundEligibility({ ...facts, now: at(policy.windowDays * DAY + 1), progress: [] }).reason).toBe(
      'REFUND_WINDOW_CLOSED',
    );
    expect(refundEligibility({ ...facts, maxProgress: 0.45, progress: [course('c1', 45, 100)] }).eligible).toBe(true);
  });
});

describe('order decider: refunds against consumption and by moderators', () => {
  it('refunds an order whose courses are at most 30% completed', () => {
    paid.when(refund([course('c1', 30, 100), course('c2', 0, 2)])).then([refundedBy('u1', at(DAY))]);
    paid.when(refund([])).then([refundedBy('u1', at(DAY))]);
  });

  it('refuses with 409 COURSE_CONSUMED once more than 30% of any course it granted is completed', () => {
    paid.when(refund([course('c1', 31, 100), course('c2', 0, 2)])).thenThrows({
      code: 'COURSE_CONSUMED',
      status: 409,
      message:
        'You have completed or opened more than 30% of the lessons of a course in this order, so it can no longer be refunded',
    });
    // The attack: every lesson completed, then a refund within the window.
    paid.when(refund([course('c1', 10, 10), course('c2', 2, 2)])).thenThrows({ code: 'COURSE_CONSUMED' });
    paid.when(refund([course('c2', 1, 2)], at(DAY), 0.5)).then([refundedBy('u1', at(DAY))]);
    paid.when(refund([course('c2', 1, 2)], at(DAY), 0.49)).thenThrows({
      message:
        'You have completed or opened more than 49% of the lessons of a course in this order, so it can no longer be refunded',
    });
  });

  it('keeps the owner, paid and window rules before progress', () => {
    paid.when({ ...refund([]), actorId: 'u2' }).thenThrows({ code: 'NOT_ORDER_OWNER', status: 403 });
    pending.when(refund([course('c1', 10, 10)])).thenThrows({ code: 'ORDER_NOT_PAID', status: 409 });
    paid.when(refund([course('c1', 10, 10)], at(8 * DAY))).thenThrows({ code: 'REFUND_WINDOW_CLOSED', status: 409 });
    paid
      .given([refundedBy('u1', at(DAY))])
      .when(refund([]))
      .thenThrows({ code: 'ORDER_NOT_PAID', status: 409 });
  });

  it('lets a moderator refund a paid order by hand, past the window and whatever was completed, with a reason', () => {
    const { state } = paid
      .when(byModerator('  Charged twice by the bank  '))
      .then([refundedBy('mod1', at(30 * DAY), 'Charged twice by the bank')]);
    expect(state.status).toBe('refunded');
    paid
      .when(byModerator('Support case 12', 'admin'))
      .then((e) => expect(e[0]!.data).toMatchObject({ reason: 'Support case 12' }));
  });

  it('refuses a moderator refund without a reason, with a long one, by a member, or of an unpaid order', () => {
    paid.when(byModerator('   ')).thenThrows({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'A reason is required to refund an order by hand',
    });
    paid
      .when(byModerator('x'.repeat(501)))
      .thenThrows({ status: 400, message: 'Reason must be 500 characters or less' });
    paid.when(byModerator('x'.repeat(500))).then((e) => expect(e).toHaveLength(1));
    paid.when(byModerator('I want it', 'member')).thenThrows({ code: 'FORBIDDEN', status: 403 });
    paid.when(byModerator('I teach', 'vendor')).thenThrows({ code: 'FORBIDDEN', status: 403 });
    pending.when(byModerator('Never paid')).thenThrows({ code: 'ORDER_NOT_PAID', status: 409 });
    paid
      .given([refundedBy('u1', at(DAY))])
      .when(byModerator('Again'))
      .thenThrows({ code: 'ORDER_NOT_PAID' });
    spec.when(byModerator('Unknown')).thenThrows({ code: 'ORDER_NOT_FOUND', status: 404 });
  });
});
