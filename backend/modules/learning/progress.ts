import type { EnrolmentState } from './domain/enrolment.decider';
import type { Lesson } from './events';
import type { Progress } from './views';

/**
 * A student's progress over the course's lessons as they are now (a lesson removed since it was
 * completed no longer counts), and where they resume: the lesson of the last saved position, else
 * the first lesson not completed (API.md `isCurrent`).
 */
export function progressOf(
  lessons: readonly Pick<Lesson, 'id'>[],
  enrolment: Pick<EnrolmentState, 'completed' | 'position'>,
): { progress: Progress; currentLessonId: string | null } {
  const done = new Set(enrolment.completed);
  const completed = lessons.filter((l) => done.has(l.id)).length;
  const total = lessons.length;
  const positioned = enrolment.position && lessons.some((l) => l.id === enrolment.position!.lessonId);
  const currentLessonId = positioned
    ? enrolment.position!.lessonId
    : (lessons.find((l) => !done.has(l.id))?.id ?? null);
  return {
    progress: { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) },
    currentLessonId,
  };
}
