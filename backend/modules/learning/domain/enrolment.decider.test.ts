import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { EnrolmentEvent, EnrolmentSource } from '../events';
import { enrolmentDecider, type LessonFacts } from './enrolment.decider';

const T0 = '2026-11-25T10:00:00.000Z';
const lessons: LessonFacts[] = [
  { id: 'l1', durationSec: 600 },
  { id: 'l2', durationSec: 0 },
];
const enrolFree = {
  type: 'Enrol',
  courseId: 'c1',
  userId: 'u1',
  teacherId: 't1',
  source: { kind: 'free' },
  course: { published: true, free: true },
  now: T0,
} as const;
const enrolByOrder = {
  ...enrolFree,
  source: { kind: 'order', orderId: 'o1' },
  course: { published: true, free: false },
} as const;
const granted = (source: EnrolmentSource): EnrolmentEvent => ({
  type: 'EnrolmentGranted',
  data: { courseId: 'c1', userId: 'u1', teacherId: 't1', source, enrolledAt: T0 },
});
const complete = (lessonId: string) => ({ type: 'CompleteLesson', lessonId, lessons, now: T0 }) as const;
const position = (lessonId: string, positionSec: number) =>
  ({ type: 'SavePosition', lessonId, positionSec, lessons, now: T0 }) as const;
const revoke = (orderId: string) => ({ type: 'RevokeEnrolment', orderId, now: T0 }) as const;

const spec = DeciderSpec.for(enrolmentDecider);
const free = spec.given([granted({ kind: 'free' })]);
const bought = spec.given([granted({ kind: 'order', orderId: 'o1' })]);

describe('enrolment decider', () => {
  it('enrols in a listed free course', () => {
    spec.when(enrolFree).then((events, state) => {
      expect(events).toEqual([granted({ kind: 'free' })]);
      expect(state.enrolled).toBe(true);
    });
  });

  it('refuses a free enrol in a paid course (409) or an unlisted one (404)', () => {
    spec
      .when({ ...enrolFree, course: { published: true, free: false } })
      .thenThrows({ code: 'COURSE_NOT_FREE', status: 409, message: expect.stringMatching(/not free/) });
    spec
      .when({ ...enrolFree, course: { published: false, free: true } })
      .thenThrows({ code: 'COURSE_NOT_FOUND', status: 404 });
  });

  it('enrols through a paid order, even if the course was unlisted since', () => {
    spec.when(enrolByOrder).then([granted({ kind: 'order', orderId: 'o1' })]);
    spec
      .when({ ...enrolByOrder, course: { published: false, free: false } })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('enrols once: a second enrol or a webhook delivered twice decides nothing', () => {
    free.when(enrolFree).thenNothingHappened();
    bought.when(enrolByOrder).thenNothingHappened();
    bought.when({ ...enrolByOrder, source: { kind: 'order', orderId: 'o2' } }).thenNothingHappened();
  });

  it("revokes on its own order's refund only, once; the student may buy again", () => {
    const { events, state } = bought.when(revoke('o1')).then([
      {
        type: 'EnrolmentRevoked',
        data: { courseId: 'c1', userId: 'u1', orderId: 'o1', reason: 'refund', revokedAt: T0 },
      },
    ]);
    expect(state.enrolled).toBe(false);
    const revoked = bought.given(events);
    revoked.when(revoke('o1')).thenNothingHappened();
    bought.when(revoke('o9')).thenNothingHappened();
    free.when(revoke('o1')).thenNothingHappened();
    spec.when(revoke('o1')).thenNothingHappened();
    revoked.when(complete('l1')).thenThrows({ code: 'NOT_ENROLLED', status: 403 });
    revoked
      .when({ ...enrolByOrder, source: { kind: 'order', orderId: 'o3' } })
      .then((again) => expect(again).toHaveLength(1));
  });

  it('completes a lesson of the course once, for an enrolled student only', () => {
    free
      .when(complete('l2'))
      .then([{ type: 'LessonCompleted', data: { courseId: 'c1', userId: 'u1', lessonId: 'l2', completedAt: T0 } }]);
    free
      .given(free.when(complete('l2')).decide().events)
      .when(complete('l2'))
      .thenNothingHappened();
    free.when(complete('l9')).thenThrows({ code: 'LESSON_NOT_FOUND', status: 404 });
    spec.when(complete('l1')).thenThrows({ code: 'NOT_ENROLLED', status: 403 });
  });

  it('saves where the student stopped, in whole seconds within the lesson', () => {
    free.when(position('l1', 125.7)).then([
      {
        type: 'LessonPositionSaved',
        data: { courseId: 'c1', userId: 'u1', lessonId: 'l1', positionSec: 125, savedAt: T0 },
      },
    ]);
    free.when(position('l1', 601)).then((events) => expect(events[0]!.data).toMatchObject({ positionSec: 600 }));
    free.when(position('l2', 42)).then((events) => expect(events[0]!.data).toMatchObject({ positionSec: 42 }));
    const saved = free.given(free.when(position('l1', 125)).decide().events);
    expect(saved.state().position).toEqual({ lessonId: 'l1', positionSec: 125 });
    saved.when(position('l1', 125.4)).thenNothingHappened();
    saved.when(position('l2', 125)).then((events) => expect(events).toHaveLength(1));
    free.when(position('l1', -1)).thenThrows({ status: 400 });
    free.when(position('l1', Number.NaN)).thenThrows({ status: 400 });
    free.when(position('l9', 1)).thenThrows({ status: 404 });
    spec.when(position('l1', 1)).thenThrows({ status: 403 });
  });

  it("records a bought lesson's media as opened once per lesson, and nothing for a free or revoked enrolment", () => {
    const open = (...lessonIds: string[]) => ({ type: 'OpenLessonMedia', lessonIds, now: T0 }) as const;
    const opened = (lessonId: string): EnrolmentEvent => ({
      type: 'LessonMediaOpened',
      data: { courseId: 'c1', userId: 'u1', lessonId, openedAt: T0 },
    });
    const { events, state } = bought.when(open('l1', 'l2', 'l1')).then([opened('l1'), opened('l2')]);
    expect(state.opened).toEqual(['l1', 'l2']);
    // Range requests of the same video, or a second tab: nothing more.
    bought.given(events).when(open('l1')).thenNothingHappened();
    bought
      .given([opened('l1')])
      .when(open('l1', 'l2'))
      .then([opened('l2')]);
    bought.when(open()).thenNothingHappened();
    free.when(open('l1')).thenNothingHappened();
    spec.when(open('l1')).thenNothingHappened();
    bought
      .given([
        {
          type: 'EnrolmentRevoked',
          data: { courseId: 'c1', userId: 'u1', orderId: 'o1', reason: 'refund', revokedAt: T0 },
        },
      ])
      .when(open('l1'))
      .thenNothingHappened();
    // Kept across a revoke, as completions are: buying again does not wipe what was watched.
    const again = bought
      .given([
        opened('l1'),
        {
          type: 'EnrolmentRevoked',
          data: { courseId: 'c1', userId: 'u1', orderId: 'o1', reason: 'refund', revokedAt: T0 },
        },
        granted({ kind: 'order', orderId: 'o2' }),
      ])
      .state();
    expect(again.opened).toEqual(['l1']);
  });
});
