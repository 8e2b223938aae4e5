import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { cartMembershipProjector } from './cart-membership.projector';
import {
  CART_MEMBERSHIP,
  type EnrolmentDoc,
  ENROLMENTS,
  type ReviewDoc,
  REVIEWS,
  TEACHER_APPLICATIONS,
  type TeacherApplicationDoc,
} from './docs';
import { enrolmentsProjector } from './enrolments.projector';
import { reviewsProjector } from './reviews.projector';
import { teachersProjector } from './teachers.projector';

const U = 'user-1';
const C = '0190d7c4-0000-7000-8000-0000000000c1';
const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-26T10:00:00.000Z';

describe('learning projectors', () => {
  it('keeps the latest teacher application and its outcome', async () => {
    const applied = (bio: string, at: string) => ({
      type: 'TeacherApplicationSubmitted',
      data: { userId: U, bio, topics: ['Fiqh'], priceRange: '$25 - $50', submittedAt: at },
    });
    const given = projectionSpec(teachersProjector).given(
      inStream(`teacher-${U}`, applied('First try', AT), {
        type: 'TeacherApplicationRejected',
        data: { userId: U, rejectedBy: 'mod', reason: 'More detail', rejectedAt: AT },
      }),
    );
    await given.then<TeacherApplicationDoc>(TEACHER_APPLICATIONS, U, {
      status: 'rejected',
      rejectionReason: 'More detail',
      decidedAt: AT,
    });
    await given
      .given(
        inStream(`teacher-${U}`, applied('Studied in Tarim', LATER), {
          type: 'TeacherApplicationApproved',
          data: { userId: U, approvedBy: 'mod', approvedAt: LATER },
        }),
      )
      .then<TeacherApplicationDoc>(TEACHER_APPLICATIONS, U, {
        bio: 'Studied in Tarim',
        status: 'approved',
        submittedAt: LATER,
        decidedAt: LATER,
        rejectionReason: null,
      });
  });

  it('follows an enrolment, its progress, a refund and a purchase again', async () => {
    const stream = `enrolment-${C}-${U}`;
    const opened = (lessonId: string) => ({
      type: 'LessonMediaOpened',
      data: { courseId: C, userId: U, lessonId, openedAt: AT },
    });
    const granted = (orderId: string, at: string) => ({
      type: 'EnrolmentGranted',
      data: { courseId: C, userId: U, teacherId: 't', source: { kind: 'order', orderId }, enrolledAt: at },
    });
    const given = projectionSpec(enrolmentsProjector).given(
      inStream(
        stream,
        granted('o1', AT),
        { type: 'LessonCompleted', data: { courseId: C, userId: U, lessonId: 'l1', completedAt: AT } },
        { type: 'LessonPositionSaved', data: { courseId: C, userId: U, lessonId: 'l2', positionSec: 42, savedAt: AT } },
        opened('l3'),
        opened('l1'),
        // Not decided twice, but a projection applies whatever the log holds: one entry per lesson.
        opened('l3'),
        { type: 'EnrolmentRevoked', data: { courseId: C, userId: U, orderId: 'o1', reason: 'refund', revokedAt: AT } },
      ),
    );
    await given.then<EnrolmentDoc>(ENROLMENTS, `${C}:${U}`, {
      enrolled: false,
      completed: ['l1'],
      opened: ['l3', 'l1'],
      position: { lessonId: 'l2', seconds: 42 },
    });
    await given
      .given(inStream(stream, granted('o2', LATER)))
      .inBatchesOf(2)
      .then<EnrolmentDoc>(ENROLMENTS, `${C}:${U}`, {
        enrolled: true,
        enrolledAt: LATER,
        source: { kind: 'order', orderId: 'o2' },
        completed: ['l1'],
        opened: ['l3', 'l1'],
      });
  });

  it('keeps a review, its edit and the teacher’s reply', async () => {
    await projectionSpec(reviewsProjector)
      .given(
        inStream(
          `review-${C}-${U}`,
          {
            type: 'ReviewWritten',
            data: { courseId: C, userId: U, teacherId: 't', rating: 3, comment: 'Good', writtenAt: AT },
          },
          {
            type: 'ReviewEdited',
            data: { courseId: C, userId: U, teacherId: 't', rating: 5, comment: 'Great', editedAt: LATER },
          },
          {
            type: 'ReviewReplied',
            data: { courseId: C, userId: U, teacherId: 't', reply: 'Thank you', repliedAt: LATER },
          },
        ),
      )
      .then<ReviewDoc>(REVIEWS, `${C}:${U}`, {
        rating: 5,
        comment: 'Great',
        createdAt: AT,
        editedAt: LATER,
        reply: { text: 'Thank you', repliedAt: LATER },
        hidden: false,
      });
  });

  it('hides a review while its author is refunded, shows it when they enrol again, and replays the same', async () => {
    const U2 = 'user-2';
    const granted = (userId: string, orderId: string) =>
      inStream(`enrolment-${C}-${userId}`, {
        type: 'EnrolmentGranted',
        data: { courseId: C, userId, teacherId: 't', source: { kind: 'order', orderId }, enrolledAt: AT },
      });
    const revoked = (userId: string, orderId: string) =>
      inStream(`enrolment-${C}-${userId}`, {
        type: 'EnrolmentRevoked',
        data: { courseId: C, userId, orderId, reason: 'refund', revokedAt: LATER },
      });
    const written = (userId: string, rating: number) =>
      inStream(`review-${C}-${userId}`, {
        type: 'ReviewWritten',
        data: { courseId: C, userId, teacherId: 't', rating, comment: 'Five stars', writtenAt: AT },
      });
    const refunded = projectionSpec(reviewsProjector)
      .given(granted(U, 'o1'))
      .given(written(U, 5))
      .given(revoked(U, 'o1'))
      // A review decided before the refund that reaches the log after it.
      .given(granted(U2, 'o2'))
      .given(revoked(U2, 'o2'))
      .given(written(U2, 1));
    await refunded.thenCollection<ReviewDoc>(REVIEWS, (docs) =>
      expect(docs.map((d) => [d.userId, d.hidden])).toEqual([
        [U, true],
        [U2, true],
      ]),
    );
    const back = refunded.given(granted(U, 'o3')).given(granted(U2, 'o4'));
    await back.then<ReviewDoc>(REVIEWS, `${C}:${U}`, { hidden: false, rating: 5 });
    await back.inBatchesOf(1).then(async (read) => {
      const again = await read.replay({ batchSize: 2 });
      const docs = (await again<ReviewDoc>(REVIEWS).find({ where: { courseId: C, hidden: false } })).items;
      expect(docs.map((d) => d.userId).sort()).toEqual([U, U2]);
    });
  });

  it('knows which courses are in whose cart', async () => {
    const C2 = '0190d7c4-0000-7000-8000-0000000000c2';
    const C3 = '0190d7c4-0000-7000-8000-0000000000c3';
    const added = (courseId: string) => ({ type: 'CartItemAdded', data: { userId: U, courseId, addedAt: AT } });
    await projectionSpec(cartMembershipProjector)
      .given(
        inStream(
          `cart-${U}`,
          added(C),
          added(C2),
          added(C3),
          { type: 'CartItemRemoved', data: { userId: U, courseId: C3, removedAt: AT } },
          { type: 'CartEmptied', data: { userId: U, orderId: 'o1', courseIds: [C], emptiedAt: AT } },
        ),
      )
      .thenCollection(CART_MEMBERSHIP, (docs) => expect(docs.map((d) => d.id)).toEqual([`${U}:${C2}`]));
  });
});
