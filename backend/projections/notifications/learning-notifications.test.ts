import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';
import { NOTIFICATIONS } from './docs';
import type { Notification } from './testing/notification-events';

const TEACHER = '0190d7c4-0000-7000-8000-00000000000a';
const STUDENT = '0190d7c4-0000-7000-8000-00000000000b';
const MOD = '0190d7c4-0000-7000-8000-00000000000c';
const C1 = '0190d7c4-0000-7000-8000-0000000000c1';
const C2 = '0190d7c4-0000-7000-8000-0000000000c2';
const AT = '2026-11-25T10:00:00.000Z';

const notifications = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'notifications')!;
const spec = () => projectionSpec(notifications, projectorDeps);
const pick = (docs: Notification[]) =>
  docs
    .map((d) => ({
      id: d.id,
      to: d.userId,
      from: d.actorId,
      type: d.type,
      category: d.category,
      target: [d.targetType, d.targetId],
      content: d.content,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));

const course = (courseId: string, title: string) =>
  inStream(`course-${courseId}`, {
    type: 'CourseCreated',
    data: { courseId, teacherId: TEACHER, title, createdAt: AT },
  });

describe('notifications of the learning marketplace', () => {
  it('tells the applicant about the approval or the rejection, with the reason', async () => {
    await spec()
      .given(
        inStream(
          `teacher-${TEACHER}`,
          {
            type: 'TeacherApplicationRejected',
            data: { userId: TEACHER, rejectedBy: MOD, reason: 'Tell us more', rejectedAt: AT },
          },
          { type: 'TeacherApplicationApproved', data: { userId: TEACHER, approvedBy: MOD, approvedAt: AT } },
        ),
      )
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(pick(docs)).toEqual([
          {
            id: `course_approved:${TEACHER}:${AT}`,
            to: TEACHER,
            from: MOD,
            type: 'course_approved',
            category: 'courses',
            target: [null, null],
            content: 'You can now create and publish courses',
          },
          {
            id: `course_rejected:${TEACHER}:${AT}`,
            to: TEACHER,
            from: MOD,
            type: 'course_rejected',
            category: 'courses',
            target: [null, null],
            content: 'Tell us more',
          },
        ]),
      );
  });

  it('tells the buyer once per paid order and the teacher once per course sold', async () => {
    const order = inStream(
      'order-o1',
      {
        type: 'OrderPlaced',
        data: {
          orderId: 'o1',
          userId: STUDENT,
          items: [
            { courseId: C1, teacherId: TEACHER, title: 'Tajweed', price: 150_000 },
            { courseId: C2, teacherId: TEACHER, title: 'Seerah', price: 99_950 },
          ],
          total: 249_950,
          currency: 'KES',
          method: 'mpesa',
          placedAt: AT,
        },
      },
      {
        type: 'OrderPaid',
        data: {
          orderId: 'o1',
          userId: STUDENT,
          provider: 'sandbox',
          amount: 249_950,
          reference: 'r1',
          courseIds: [C1, C2],
          paidAt: AT,
        },
      },
    );
    await spec()
      .given(order)
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(pick(docs)).toEqual([
          {
            id: 'course_purchase:o1',
            to: STUDENT,
            from: TEACHER,
            type: 'course_purchase',
            category: 'courses',
            target: ['course', C1],
            content: 'Tajweed, Seerah',
          },
          expect.objectContaining({
            id: `course_sale:o1:${C1}`,
            to: TEACHER,
            from: STUDENT,
            target: ['course', C1],
            content: 'Tajweed',
          }),
          expect.objectContaining({
            id: `course_sale:o1:${C2}`,
            to: TEACHER,
            from: STUDENT,
            target: ['course', C2],
            content: 'Seerah',
          }),
        ]),
      );
  });

  it('tells the buyer of a refund they asked for, from the platform: how much and for which courses', async () => {
    const order = inStream(
      'order-o2',
      {
        type: 'OrderPlaced',
        data: {
          orderId: 'o2',
          userId: STUDENT,
          items: [{ courseId: C1, teacherId: TEACHER, title: 'Tajweed', price: 150_000 }],
          total: 150_000,
          currency: 'KES',
          method: 'card',
          placedAt: AT,
        },
      },
      {
        type: 'OrderRefunded',
        data: {
          orderId: 'o2',
          userId: STUDENT,
          provider: 'sandbox',
          amount: 150_000,
          reference: 'r2',
          courseIds: [C1],
          refundedBy: STUDENT,
          refundedAt: AT,
        },
      },
    );
    await spec()
      .given(order)
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(pick(docs)).toEqual([
          {
            id: 'order_refunded:o2',
            to: STUDENT,
            from: 'system',
            type: 'order_refunded',
            category: 'courses',
            target: ['order', 'o2'],
            content: 'KSh 1,500 · Tajweed',
          },
        ]),
      );
  });

  it('tells the teacher about a review and the student about the reply', async () => {
    await spec()
      .given(course(C1, 'Tajweed'))
      .given(
        inStream(`course-${C1}`, {
          type: 'CourseEdited',
          data: { courseId: C1, changes: { title: 'Tajweed I' }, editedAt: AT },
        }),
      )
      .given(
        inStream(
          `review-${C1}-${STUDENT}`,
          {
            type: 'ReviewWritten',
            data: { courseId: C1, userId: STUDENT, teacherId: TEACHER, rating: 4, comment: '', writtenAt: AT },
          },
          {
            type: 'ReviewReplied',
            data: { courseId: C1, userId: STUDENT, teacherId: TEACHER, reply: 'Jazak Allahu khayran', repliedAt: AT },
          },
        ),
      )
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(pick(docs)).toEqual([
          {
            id: `course_review:${C1}:${STUDENT}`,
            to: TEACHER,
            from: STUDENT,
            type: 'course_review',
            category: 'courses',
            target: ['course', C1],
            content: '★★★★ Tajweed I',
          },
          {
            id: `instructor_reply:${C1}:${STUDENT}`,
            to: STUDENT,
            from: TEACHER,
            type: 'instructor_reply',
            category: 'courses',
            target: ['course', C1],
            content: 'Jazak Allahu khayran',
          },
        ]),
      );
  });
});
