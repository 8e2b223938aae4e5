import type { CourseSection } from '../events';
import type { Progress } from '../views';

export interface LearnerState {
  completed: readonly string[];
  position: { lessonId: string; seconds: number } | null;
}

/** Completed lessons the course still has, over its lessons now. */
export function progressOf(sections: readonly CourseSection[], learner: LearnerState): Progress {
  const ids = sections.flatMap((s) => s.lessons.map((l) => l.id));
  const done = new Set(learner.completed);
  const completed = ids.filter((id) => done.has(id)).length;
  const total = ids.length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

/** Every lesson the course has now is completed (a course without lessons never is). */
export const isCompleted = (progress: Progress): boolean => progress.total > 0 && progress.completed === progress.total;

/**
 * Where the student resumes: the lesson of their last saved position while the course still has it,
 * else the first lesson not completed; null when every lesson is done (or there is none).
 */
export function currentLessonOf(sections: readonly CourseSection[], learner: LearnerState): string | null {
  const lessons = sections.flatMap((s) => s.lessons);
  const position = learner.position;
  if (position && lessons.some((l) => l.id === position.lessonId)) return position.lessonId;
  const done = new Set(learner.completed);
  return lessons.find((l) => !done.has(l.id))?.id ?? null;
}
