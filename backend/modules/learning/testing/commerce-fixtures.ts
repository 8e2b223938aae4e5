import { handleCommand } from '@platform/decider/handle-command';
import { newId } from '@platform/ids';

import type { Runtime } from '../../../src/runtime';
import { eventually } from '../../../src/testing/eventually';
import { CourseCards } from '../course-cards';
import { courseDecider } from '../domain/course.decider';
import { courseStream } from '../events';

export interface TestCourse {
  courseId: string;
  lessonIds: string[];
  title: string;
}

/**
 * A published course by `teacherId`, made through the course decider on the runtime's event store
 * (the course routes are another part of the module), and listed in the catalogue before it returns.
 */
export async function publishedCourse(
  rt: Runtime,
  teacherId: string,
  options: { price?: string; lessons?: number; listed?: boolean } = {},
): Promise<TestCourse> {
  const courseId = newId();
  const title = `Arabic ${courseId.slice(-6)}`;
  const lessonIds = Array.from({ length: options.lessons ?? 2 }, (_, i) => `${courseId}-l${i + 1}`);
  const stream = courseStream(courseId);
  const now = new Date().toISOString();
  await handleCommand(
    rt.platform.eventStore,
    stream,
    courseDecider,
    {
      type: 'CreateCourse',
      courseId,
      actorId: teacherId,
      isTeacher: true,
      course: {
        title,
        description: `${title}, step by step.`,
        category: 'Arabic',
        level: 'beginner',
        price: options.price ?? '1500',
        promoPrice: null,
        thumbnailMediaId: null,
        previewVideoMediaId: null,
        whatYouWillLearn: ['Read short passages'],
        sections: [
          {
            id: `${courseId}-s1`,
            title: 'Start',
            lessons: lessonIds.map((id, i) => ({
              id,
              title: `Lesson ${i + 1}`,
              durationSec: 300,
              freePreview: i === 0,
              content: { kind: 'text' as const, text: 'ا ب ت' },
            })),
          },
        ],
      },
      now,
    },
    { actor: teacherId },
  );
  if (options.listed === false) return { courseId, lessonIds, title };
  await handleCommand(
    rt.platform.eventStore,
    stream,
    courseDecider,
    { type: 'PublishCourse', actorId: teacherId, now },
    {
      actor: teacherId,
    },
  );
  const cards = rt.http!.get(CourseCards);
  await eventually(
    () => cards.byIds([courseId]),
    (m) => m.has(courseId),
    `course ${courseId} in the catalogue`,
  );
  return { courseId, lessonIds, title };
}
