import { type Decider, DomainError } from '@platform/decider/decider';

import type { CourseDetails, CourseEvent, Lesson } from '../events';
import { LEARNING_MESSAGES as M } from '../limits';
import {
  checkCourse,
  type CourseInput,
  type CoursePatch,
  hasLessons,
  normalizeCourse,
  normalizeCoursePatch,
} from './course-input';

export interface CourseState {
  courseId: string | null;
  teacherId: string | null;
  details: CourseDetails | null;
  published: boolean;
}

export type CourseCommand =
  /** isTeacher: the actor's teacher application is approved (read from their `teacher-` stream). */
  | { type: 'CreateCourse'; courseId: string; actorId: string; isTeacher: boolean; course: CourseInput; now: string }
  | { type: 'EditCourse'; actorId: string; patch: CoursePatch; now: string }
  | { type: 'PublishCourse'; actorId: string; now: string }
  | { type: 'UnpublishCourse'; actorId: string; now: string };

export const courseNotFound = () => new DomainError('COURSE_NOT_FOUND', M.courseNotFound, 404);

/** The lessons of a course in curriculum order (what enrolment commands are given to check against). */
export const courseLessons = (state: CourseState): Lesson[] => state.details?.sections.flatMap((s) => s.lessons) ?? [];

/** Only the fields whose normalised value differs, so an edit that changes nothing records nothing. */
function changed(current: CourseDetails, patch: Partial<CourseDetails>): Partial<CourseDetails> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch))
    if (JSON.stringify(value) !== JSON.stringify(current[key as keyof CourseDetails])) out[key] = value;
  return out as Partial<CourseDetails>;
}

/**
 * A course belongs to the teacher who created it: only they edit, publish and unpublish it. It is
 * created as a draft; publishing (what lists it) needs a curriculum with at least one lesson, and a
 * published course cannot be edited down to none.
 */
export const courseDecider: Decider<CourseState, CourseCommand, CourseEvent> = {
  initialState: () => ({ courseId: null, teacherId: null, details: null, published: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'CourseCreated': {
        const { courseId, teacherId, createdAt: _, ...details } = event.data;
        return { courseId, teacherId, details, published: false };
      }
      case 'CourseEdited':
        return { ...state, details: { ...state.details!, ...event.data.changes } };
      case 'CoursePublished':
        return { ...state, published: true };
      case 'CourseUnpublished':
        return { ...state, published: false };
    }
  },
  decide(state, command) {
    if (command.type === 'CreateCourse') {
      if (state.details) throw new DomainError('COURSE_EXISTS', M.courseExists, 409);
      if (!command.isTeacher) throw new DomainError('NOT_A_TEACHER', M.teachersOnly, 403);
      const details = normalizeCourse(command.course);
      return [
        {
          type: 'CourseCreated',
          data: { courseId: command.courseId, teacherId: command.actorId, ...details, createdAt: command.now },
        },
      ];
    }
    if (!state.details) throw courseNotFound();
    if (command.actorId !== state.teacherId) throw new DomainError('NOT_COURSE_TEACHER', M.notCourseTeacher, 403);
    const courseId = state.courseId!;
    const teacherId = state.teacherId;
    switch (command.type) {
      case 'EditCourse': {
        const changes = changed(state.details, normalizeCoursePatch(command.patch));
        if (Object.keys(changes).length === 0) return [];
        const next = checkCourse({ ...state.details, ...changes });
        if (state.published && !hasLessons(next))
          throw new DomainError('COURSE_NEEDS_LESSONS', M.publishedNeedsLessons, 409);
        return [{ type: 'CourseEdited', data: { courseId, changes, editedAt: command.now } }];
      }
      case 'PublishCourse':
        if (state.published) throw new DomainError('ALREADY_PUBLISHED', M.alreadyPublished, 409);
        if (!hasLessons(state.details)) throw new DomainError('COURSE_NEEDS_LESSONS', M.nothingToPublish, 409);
        return [{ type: 'CoursePublished', data: { courseId, teacherId, publishedAt: command.now } }];
      case 'UnpublishCourse':
        if (!state.published) throw new DomainError('NOT_PUBLISHED', M.notPublished, 409);
        return [{ type: 'CourseUnpublished', data: { courseId, teacherId, unpublishedAt: command.now } }];
    }
  },
};
