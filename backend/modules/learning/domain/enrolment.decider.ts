import { type Decider, DomainError } from '@platform/decider/decider';

import type { EnrolmentEvent, EnrolmentSource, Lesson } from '../events';
import { LEARNING_MESSAGES as M } from '../limits';
import { courseNotFound } from './course.decider';

export interface EnrolmentState {
  courseId: string | null;
  userId: string | null;
  enrolled: boolean;
  source: EnrolmentSource | null;
  /** Lesson ids in the order they were completed (kept across a revoke, should the student buy again). */
  completed: string[];
  /** Lesson ids whose locked media were served to the student (kept across a revoke, as completed is). */
  opened: string[];
  /** Where to resume. */
  position: { lessonId: string; positionSec: number } | null;
  /** When the standing enrolment was granted, and when a lesson was last completed. */
  enrolledAt: string | null;
  lastCompletedAt: string | null;
  /** The last certificate of completion issued; `valid` until a refund revokes it. */
  certificate: { id: string; valid: boolean } | null;
}

/** The course's lessons as the service read them from its stream: only ids and durations matter here. */
export type LessonFacts = Pick<Lesson, 'id' | 'durationSec'>;

export type EnrolmentCommand =
  | {
      type: 'Enrol';
      courseId: string;
      userId: string;
      teacherId: string;
      source: EnrolmentSource;
      /** Read from the course stream: a free enrol needs a listed, free course; a paid order does not. */
      course: { published: boolean; free: boolean };
      now: string;
    }
  | { type: 'RevokeEnrolment'; orderId: string; now: string }
  | { type: 'CompleteLesson'; lessonId: string; lessons: readonly LessonFacts[]; now: string }
  | { type: 'SavePosition'; lessonId: string; positionSec: number; lessons: readonly LessonFacts[]; now: string }
  /**
   * The media of these lessons (the locked lessons of the course that show the item just served)
   * reached the student: read by the service from the course, as the serving rule found them.
   */
  | { type: 'OpenLessonMedia'; lessonIds: readonly string[]; now: string }
  /**
   * Every lesson of the course (as the service read it) is completed: the course is completed and
   * its certificate issued, under `certificateId` (made by the service), with what it shows.
   */
  | {
      type: 'IssueCertificate';
      certificateId: string;
      teacherId: string;
      courseTitle: string;
      lessons: readonly LessonFacts[];
      /** The learner's and teacher's names, sealed with the learner's key (CertificateIssued.sealed). */
      sealed: string;
      now: string;
    };

const notEnrolled = () => new DomainError('NOT_ENROLLED', M.notEnrolled, 403);

/** Every lesson the course has now is completed (a course without lessons is never completed). */
export const completedAll = (state: EnrolmentState, lessons: readonly LessonFacts[]): boolean =>
  lessons.length > 0 && lessons.every((l) => state.completed.includes(l.id));

/** The certificate that stands (issued, not revoked), if any. */
export const validCertificate = (state: EnrolmentState): string | null =>
  state.certificate?.valid ? state.certificate.id : null;

function lessonOf(state: EnrolmentState, lessonId: string, lessons: readonly LessonFacts[]): LessonFacts {
  if (!state.enrolled) throw notEnrolled();
  const lesson = lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new DomainError('LESSON_NOT_FOUND', M.lessonNotFound, 404);
  return lesson;
}

/**
 * One student in one course. Enrolling twice is one enrolment (a double click, or a payment webhook
 * delivered twice); a refund revokes only the enrolment its own order granted. Progress needs an
 * enrolment and a lesson the course has.
 */
export const enrolmentDecider: Decider<EnrolmentState, EnrolmentCommand, EnrolmentEvent> = {
  initialState: () => ({
    courseId: null,
    userId: null,
    enrolled: false,
    source: null,
    completed: [],
    opened: [],
    position: null,
    enrolledAt: null,
    lastCompletedAt: null,
    certificate: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'EnrolmentGranted':
        return {
          ...state,
          courseId: event.data.courseId,
          userId: event.data.userId,
          enrolled: true,
          source: event.data.source,
          enrolledAt: event.data.enrolledAt,
        };
      case 'EnrolmentRevoked':
        return { ...state, enrolled: false, source: null };
      case 'LessonCompleted':
        return {
          ...state,
          completed: [...state.completed, event.data.lessonId],
          lastCompletedAt: event.data.completedAt,
        };
      case 'CourseCompleted':
        return state;
      case 'CertificateIssued':
        return { ...state, certificate: { id: event.data.certificateId, valid: true } };
      case 'CertificateRevoked':
        return state.certificate?.id === event.data.certificateId
          ? { ...state, certificate: { ...state.certificate, valid: false } }
          : state;
      case 'LessonPositionSaved':
        return { ...state, position: { lessonId: event.data.lessonId, positionSec: event.data.positionSec } };
      case 'LessonMediaOpened':
        return { ...state, opened: [...state.opened, event.data.lessonId] };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'Enrol': {
        const { courseId, userId, teacherId, source, course, now } = command;
        if (source.kind === 'free') {
          if (!course.published) throw courseNotFound();
          // 409 rather than 402: the platform's refusals carry no 402, and nothing is payable here.
          if (!course.free) throw new DomainError('COURSE_NOT_FREE', M.notFree, 409);
        }
        if (state.enrolled) return [];
        return [{ type: 'EnrolmentGranted', data: { courseId, userId, teacherId, source, enrolledAt: now } }];
      }
      case 'RevokeEnrolment': {
        const s = state.source;
        if (!state.enrolled || s?.kind !== 'order' || s.orderId !== command.orderId) return [];
        const ids = { courseId: state.courseId!, userId: state.userId!, orderId: command.orderId };
        const revoked: EnrolmentEvent[] = [
          { type: 'EnrolmentRevoked', data: { ...ids, reason: 'refund', revokedAt: command.now } },
        ];
        // A refunded course earns nothing: its certificate verifies as revoked from now on.
        const certificateId = validCertificate(state);
        if (certificateId)
          revoked.push({
            type: 'CertificateRevoked',
            data: { certificateId, ...ids, reason: 'refund', revokedAt: command.now },
          });
        return revoked;
      }
      case 'IssueCertificate':
        return issueCertificate(state, command);
      case 'CompleteLesson': {
        const lesson = lessonOf(state, command.lessonId, command.lessons);
        if (state.completed.includes(lesson.id)) return [];
        return [
          {
            type: 'LessonCompleted',
            data: { courseId: state.courseId!, userId: state.userId!, lessonId: lesson.id, completedAt: command.now },
          },
        ];
      }
      case 'OpenLessonMedia': {
        // Only a bought enrolment can be refunded, so only its openings count; a free one (or one
        // revoked a moment ago, while its media was being served) records nothing.
        if (!state.enrolled || state.source?.kind !== 'order') return [];
        const fresh = [...new Set(command.lessonIds)].filter((id) => !state.opened.includes(id));
        return fresh.map((lessonId) => ({
          type: 'LessonMediaOpened' as const,
          data: { courseId: state.courseId!, userId: state.userId!, lessonId, openedAt: command.now },
        }));
      }
      case 'SavePosition': {
        const lesson = lessonOf(state, command.lessonId, command.lessons);
        if (!Number.isFinite(command.positionSec) || command.positionSec < 0)
          throw new DomainError('VALIDATION_FAILED', M.badPosition, 400);
        // Players report fractions and may overshoot the end by a moment: whole seconds, within the lesson.
        const floor = Math.floor(command.positionSec);
        const positionSec = lesson.durationSec > 0 ? Math.min(floor, lesson.durationSec) : floor;
        const p = state.position;
        if (p && p.lessonId === lesson.id && p.positionSec === positionSec) return [];
        return [
          {
            type: 'LessonPositionSaved',
            data: {
              courseId: state.courseId!,
              userId: state.userId!,
              lessonId: lesson.id,
              positionSec,
              savedAt: command.now,
            },
          },
        ];
      }
    }
  },
};

/**
 * The course completed and its certificate, once: nothing while one stands (completing lessons
 * again, two tabs at once); after a refund revoked it, again for a student who enrolled again.
 * Dated by the last lesson completed in the standing enrolment (a certificate asked for later, for a
 * course finished before certificates existed, keeps the day it was finished), else now.
 */
function issueCertificate(
  state: EnrolmentState,
  command: Extract<EnrolmentCommand, { type: 'IssueCertificate' }>,
): EnrolmentEvent[] {
  if (!state.enrolled) throw new DomainError('NOT_ENROLLED', M.certificateNotEnrolled, 403);
  if (validCertificate(state)) return [];
  if (!completedAll(state, command.lessons)) throw new DomainError('COURSE_NOT_COMPLETED', M.courseNotCompleted, 409);
  const { courseId, userId } = { courseId: state.courseId!, userId: state.userId! };
  const last = state.lastCompletedAt;
  const completedAt = last && state.enrolledAt && last >= state.enrolledAt ? last : command.now;
  return [
    {
      type: 'CourseCompleted',
      data: { courseId, userId, teacherId: command.teacherId, lessons: command.lessons.length, completedAt },
    },
    {
      type: 'CertificateIssued',
      data: {
        certificateId: command.certificateId,
        courseId,
        userId,
        teacherId: command.teacherId,
        courseTitle: command.courseTitle,
        completedAt,
        issuedAt: command.now,
        sealed: command.sealed,
      },
    },
  ];
}
