import type { EnrolmentEvent } from '@modules/learning/events';

import { defineProjector, type ProjectionContext } from '../runner';
import { type EnrolmentDoc, enrolmentId, ENROLMENTS, ENROLMENTS_PROJECTOR, enrolmentsCollection } from './docs';

const enrolments = (ctx: ProjectionContext) => ctx.collection<EnrolmentDoc>(ENROLMENTS);

async function change(ctx: ProjectionContext, courseId: string, userId: string, fn: (e: EnrolmentDoc) => EnrolmentDoc) {
  const id = enrolmentId(courseId, userId);
  const doc = await enrolments(ctx).get(id);
  if (doc) await enrolments(ctx).upsert(fn(doc));
}

/**
 * Each student's courses (spec part 2 §2 continue learning, student courses): when and how they
 * enrolled, the lessons they completed or whose media they opened, where they stopped and the
 * certificate that stands (issue 40). A refund keeps the document with
 * `enrolled: false`, so progress is still there should the student buy the course again.
 */
export const enrolmentsProjector = defineProjector<Exclude<EnrolmentEvent, { type: 'CourseCompleted' }>>({
  name: ENROLMENTS_PROJECTOR,
  version: 1,
  collections: [enrolmentsCollection],
  on: {
    async EnrolmentGranted({ data }, ctx) {
      const id = enrolmentId(data.courseId, data.userId);
      const before = await enrolments(ctx).get(id);
      await enrolments(ctx).upsert({
        id,
        courseId: data.courseId,
        userId: data.userId,
        enrolled: true,
        enrolledAt: data.enrolledAt,
        source: data.source,
        completed: before?.completed ?? [],
        opened: before?.opened ?? [],
        position: before?.position ?? null,
      });
    },
    async EnrolmentRevoked({ data }, ctx) {
      await change(ctx, data.courseId, data.userId, (e) => ({ ...e, enrolled: false }));
    },
    async LessonCompleted({ data }, ctx) {
      await change(ctx, data.courseId, data.userId, (e) =>
        e.completed.includes(data.lessonId) ? e : { ...e, completed: [...e.completed, data.lessonId] },
      );
    },
    async LessonMediaOpened({ data }, ctx) {
      await change(ctx, data.courseId, data.userId, (e) => {
        const opened = e.opened ?? [];
        return opened.includes(data.lessonId) ? e : { ...e, opened: [...opened, data.lessonId] };
      });
    },
    async CertificateIssued({ data }, ctx) {
      await change(ctx, data.courseId, data.userId, (e) => ({ ...e, certificateId: data.certificateId }));
    },
    async CertificateRevoked({ data }, ctx) {
      await change(ctx, data.courseId, data.userId, (e) =>
        e.certificateId === data.certificateId ? { ...e, certificateId: null } : e,
      );
    },
    async LessonPositionSaved({ data }, ctx) {
      await change(ctx, data.courseId, data.userId, (e) => ({
        ...e,
        position: { lessonId: data.lessonId, seconds: data.positionSec },
      }));
    },
  },
});
