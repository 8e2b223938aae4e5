import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { type CourseDoc, COURSES, type EnrolmentDoc, ENROLMENTS } from '@projections/learning';

import type { StudentCourse } from '../views';
import { CatalogueCourseCards } from './course-cards.queries';
import { currentLessonOf, isCompleted, progressOf } from './progress';

/**
 * A student's courses, most recently enrolled first (spec part 2 §7 GET /api/student/courses). A
 * course they own stays here after its teacher unpublishes it: what was bought stays learnable.
 */
@Injectable()
export class StudentCoursesQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly cards: CatalogueCourseCards,
  ) {}

  async list(userId: string): Promise<StudentCourse[]> {
    const enrolments = await findAll(this.readModels.collection<EnrolmentDoc>(ENROLMENTS), {
      where: { userId, enrolled: true },
      sort: { field: 'enrolledAt', direction: 'desc' },
    });
    const docs = await this.readModels.collection<CourseDoc>(COURSES).getMany(enrolments.map((e) => e.courseId));
    const byId = new Map(docs.map((d) => [d.id, d]));
    const owned = enrolments.filter((e) => byId.has(e.courseId));
    const cards = await this.cards.cards(owned.map((e) => byId.get(e.courseId)!));
    return owned.map((e, i) => {
      const course = byId.get(e.courseId)!;
      const progress = progressOf(course.sections, e);
      return {
        courseId: e.courseId,
        course: cards[i]!,
        enrolledAt: e.enrolledAt,
        progress,
        currentLessonId: currentLessonOf(course.sections, e),
        completed: isCompleted(progress),
        certificateId: e.certificateId ?? null,
      };
    });
  }
}
