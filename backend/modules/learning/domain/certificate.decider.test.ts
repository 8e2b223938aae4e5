import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { EnrolmentEvent, EnrolmentSource } from '../events';
import { completedAll, enrolmentDecider, type LessonFacts, validCertificate } from './enrolment.decider';

/** Certificates of completion (issue 40): issued by the enrolment decider, revoked by a refund. */
const T0 = '2026-11-25T10:00:00.000Z';
const T1 = '2026-11-26T09:30:00.000Z';
const T2 = '2026-11-27T18:00:00.000Z';
const lessons: LessonFacts[] = [
  { id: 'l1', durationSec: 600 },
  { id: 'l2', durationSec: 300 },
];
const ids = { courseId: 'c1', userId: 'u1' };

const granted = (source: EnrolmentSource, at = T0): EnrolmentEvent => ({
  type: 'EnrolmentGranted',
  data: { ...ids, teacherId: 't1', source, enrolledAt: at },
});
const done = (lessonId: string, at = T1): EnrolmentEvent => ({
  type: 'LessonCompleted',
  data: { ...ids, lessonId, completedAt: at },
});
const revoked = (orderId = 'o1'): EnrolmentEvent => ({
  type: 'EnrolmentRevoked',
  data: { ...ids, orderId, reason: 'refund', revokedAt: T2 },
});
const issue = (certificateId = 'K7M2Q9X4B8C3D5F6', over: Partial<{ lessons: LessonFacts[]; now: string }> = {}) =>
  ({
    type: 'IssueCertificate',
    certificateId,
    teacherId: 't1',
    courseTitle: 'Foundations of Fiqh',
    lessons,
    sealed: 'v1.sealed-names',
    now: T2,
    ...over,
  }) as const;
const issuedEvents = (certificateId: string, completedAt: string, issuedAt = T2): EnrolmentEvent[] => [
  { type: 'CourseCompleted', data: { ...ids, teacherId: 't1', lessons: 2, completedAt } },
  {
    type: 'CertificateIssued',
    data: {
      certificateId,
      ...ids,
      teacherId: 't1',
      courseTitle: 'Foundations of Fiqh',
      completedAt,
      issuedAt,
      sealed: 'v1.sealed-names',
    },
  },
];

const spec = DeciderSpec.for(enrolmentDecider);
const bought = spec.given([granted({ kind: 'order', orderId: 'o1' })]);
const finished = bought.given([done('l1', T0), done('l2', T1)]);
const certified = finished.given(issuedEvents('K7M2Q9X4B8C3D5F6', T1));

describe('enrolment decider: certificates of completion', () => {
  it('completes the course and issues its certificate once every lesson is done, dated by the last lesson', () => {
    const { state } = finished.when(issue()).then(issuedEvents('K7M2Q9X4B8C3D5F6', T1));
    expect(validCertificate(state)).toBe('K7M2Q9X4B8C3D5F6');
    expect(completedAll(state, lessons)).toBe(true);
  });

  it('issues nothing more while a certificate stands: completing again, a second tab, another code', () => {
    certified.when(issue('ANOTHERCODE00000')).thenNothingHappened();
    certified.when({ type: 'CompleteLesson', lessonId: 'l2', lessons, now: T2 }).thenNothingHappened();
    // The course grew a lesson after the certificate: finishing it issues nothing either.
    const grown = [...lessons, { id: 'l3', durationSec: 60 }];
    certified
      .given([done('l3', T2)])
      .when(issue('ANOTHERCODE00000', { lessons: grown }))
      .thenNothingHappened();
  });

  it('refuses a course not finished (409), one without lessons, and a student not enrolled (403)', () => {
    bought
      .given([done('l1')])
      .when(issue())
      .thenThrows({
        code: 'COURSE_NOT_COMPLETED',
        status: 409,
        message: 'Complete every lesson of this course to earn its certificate',
      });
    finished
      .when(issue('K7M2Q9X4B8C3D5F6', { lessons: [...lessons, { id: 'l3', durationSec: 60 }] }))
      .thenThrows({ code: 'COURSE_NOT_COMPLETED', status: 409 });
    finished.when(issue('K7M2Q9X4B8C3D5F6', { lessons: [] })).thenThrows({ code: 'COURSE_NOT_COMPLETED' });
    spec.when(issue()).thenThrows({ code: 'NOT_ENROLLED', status: 403, message: expect.stringMatching(/certificate/) });
    // Lessons done before a refund do not earn one while the course is not theirs.
    finished.given([revoked()]).when(issue()).thenThrows({ code: 'NOT_ENROLLED', status: 403 });
  });

  it('revokes the certificate with the enrolment its refund revokes', () => {
    const { state } = certified.when({ type: 'RevokeEnrolment', orderId: 'o1', now: T2 }).then([
      revoked(),
      {
        type: 'CertificateRevoked',
        data: { certificateId: 'K7M2Q9X4B8C3D5F6', ...ids, orderId: 'o1', reason: 'refund', revokedAt: T2 },
      },
    ]);
    expect(validCertificate(state)).toBeNull();
    // Another order's refund, or none to revoke: the certificate stands.
    certified.when({ type: 'RevokeEnrolment', orderId: 'o9', now: T2 }).thenNothingHappened();
    finished.when({ type: 'RevokeEnrolment', orderId: 'o1', now: T2 }).then([revoked()]);
  });

  it('never revokes the certificate of a free enrolment', () => {
    spec
      .given([granted({ kind: 'free' }), done('l1'), done('l2'), ...issuedEvents('FREE000000000000', T1)])
      .when({ type: 'RevokeEnrolment', orderId: 'o1', now: T2 })
      .thenNothingHappened();
  });

  it('issues a new certificate, dated now, to a refunded student who enrolled again', () => {
    const again = certified.given([
      revoked(),
      {
        type: 'CertificateRevoked',
        data: { certificateId: 'K7M2Q9X4B8C3D5F6', ...ids, orderId: 'o1', reason: 'refund', revokedAt: T2 },
      },
      granted({ kind: 'order', orderId: 'o2' }, T2),
    ]);
    const later = '2026-12-01T08:00:00.000Z';
    const { state } = again
      .when(issue('NEWCODE000000000', { now: later }))
      .then(issuedEvents('NEWCODE000000000', later, later));
    expect(state.certificate).toEqual({ id: 'NEWCODE000000000', valid: true });
  });
});
