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
        { type: 'EnrolmentRevoked', data: { courseId: C, userId: U, orderId: 'o1', reason: 'refund', revokedAt: AT } },
      ),
    );
    await given.then<EnrolmentDoc>(ENROLMENTS, `${C}:${U}`, {
      enrolled: false,
      completed: ['l1'],
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
