import { MediaLinks } from '@modules/media';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import {
  CART_MEMBERSHIP,
  cartMembershipId,
  type CourseDoc,
  COURSES,
  type EnrolmentDoc,
  enrolmentId,
  ENROLMENTS,
} from '@projections/learning';

import type { Lesson } from '../events';
import { LEARNING_MESSAGES as M } from '../limits';
import type { CourseDetail, CurriculumLesson, LearnView, LessonContentView } from '../views';
import { ratingText } from './course-card';
import { CatalogueCourseCards } from './course-cards.queries';
import { CourseReviewsQueries } from './course-reviews.queries';
import { currentLessonOf, isCompleted, progressOf } from './progress';
import { RefundEligibilityQueries } from './refund-eligibility.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const courseNotFound = () => new DomainError('COURSE_NOT_FOUND', M.courseNotFound, 404);

/** What the viewer is to the course. */
interface Viewer {
  id: string | null;
  isTeacher: boolean;
  enrolment: EnrolmentDoc | null;
}

/**
 * The course page and the learning view (spec part 2 §2 Course detail, §4 lesson states): the
 * curriculum as this viewer sees it. Lessons are locked unless the viewer is enrolled, teaches the
 * course, or the lesson is a free preview; a draft exists only for its teacher.
 */
@Injectable()
export class CourseDetailQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly cards: CatalogueCourseCards,
    private readonly reviews: CourseReviewsQueries,
    private readonly refunds: RefundEligibilityQueries,
    private readonly media: MediaLinks,
  ) {}

  /** The course a viewer may see, or 404 'Course not found' (unknown, or someone else's draft). */
  async visible(courseId: string, viewerId: string | null): Promise<CourseDoc> {
    const doc = UUID.test(courseId)
      ? await this.readModels.collection<CourseDoc>(COURSES).get(courseId.toLowerCase())
      : null;
    if (!doc || (!doc.published && doc.teacherId !== viewerId)) throw courseNotFound();
    return doc;
  }

  private async viewer(doc: CourseDoc, viewerId: string | null): Promise<Viewer> {
    if (!viewerId) return { id: null, isTeacher: false, enrolment: null };
    const enrolment = await this.readModels.collection<EnrolmentDoc>(ENROLMENTS).get(enrolmentId(doc.id, viewerId));
    return { id: viewerId, isTeacher: doc.teacherId === viewerId, enrolment: enrolment?.enrolled ? enrolment : null };
  }

  private curriculum(doc: CourseDoc, viewer: Viewer) {
    const learner = viewer.enrolment;
    const completed = new Set(learner?.completed ?? []);
    const current = learner ? currentLessonOf(doc.sections, learner) : null;
    const lesson = (l: Lesson): CurriculumLesson => ({
      id: l.id,
      title: l.title,
      durationSec: l.durationSec,
      freePreview: l.freePreview,
      locked: !learner && !viewer.isTeacher && !l.freePreview,
      completed: completed.has(l.id),
      isCurrent: l.id === current,
    });
    return { lesson, current, progress: learner ? progressOf(doc.sections, learner) : null };
  }

  async detail(courseId: string, viewerId: string | null): Promise<CourseDetail> {
    const doc = await this.visible(courseId, viewerId);
    const viewer = await this.viewer(doc, viewerId);
    const [[card], inCart, review, refund] = await Promise.all([
      this.cards.cards([doc]),
      viewerId
        ? this.readModels.collection(CART_MEMBERSHIP).get(cartMembershipId(viewerId, doc.id))
        : Promise.resolve(null),
      viewerId ? this.reviews.own(doc.id, viewerId) : Promise.resolve(null),
      this.refunds.forCourse(viewer.enrolment),
    ]);
    const { lesson, current, progress } = this.curriculum(doc, viewer);
    return {
      ...card!,
      whatYouWillLearn: doc.whatYouWillLearn,
      sections: doc.sections.map((s) => ({ id: s.id, title: s.title, lessons: s.lessons.map(lesson) })),
      reviewsSummary: {
        average: ratingText(doc.ratingSum, doc.ratingCount),
        count: doc.ratingCount,
        distribution: doc.distribution,
      },
      refundPolicy: this.refunds.policy(),
      viewer: {
        enrolled: !!viewer.enrolment,
        isTeacher: viewer.isTeacher,
        inCart: !!inCart && !viewer.enrolment,
        progress,
        currentLessonId: current,
        review,
        refund,
        certificateId: viewer.enrolment?.certificateId ?? null,
      },
    };
  }

  async learn(courseId: string, viewerId: string | null): Promise<LearnView> {
    const doc = await this.visible(courseId, viewerId);
    const viewer = await this.viewer(doc, viewerId);
    const { lesson, current, progress } = this.curriculum(doc, viewer);
    const lessons = doc.sections.flatMap((s) => s.lessons.map((l) => ({ l, view: lesson(l) })));
    const videoIds = lessons.flatMap(({ l, view }) =>
      !view.locked && l.content.kind === 'video' ? [l.content.mediaId] : [],
    );
    const [[card], media] = await Promise.all([
      this.cards.cards([doc]),
      videoIds.length ? this.media.views(videoIds, viewerId) : Promise.resolve([]),
    ]);
    const byId = new Map(media.map((m) => [m.id, m]));
    const contentOf = (l: Lesson, locked: boolean): LessonContentView | null => {
      if (locked) return null;
      if (l.content.kind === 'text') return { kind: 'text', text: l.content.text };
      const m = byId.get(l.content.mediaId);
      // A locked lesson's media come with URLs signed for this viewer until expiresAt: fetching the
      // view again renews them (the player does when one stops working).
      return {
        kind: 'video',
        url: m?.url ?? `/media/${l.content.mediaId}/video.mp4`,
        posterUrl: m?.posterUrl ?? null,
        expiresAt: m?.expiresAt ?? null,
      };
    };
    const position = viewer.enrolment?.position ?? null;
    const refund = await this.refunds.forCourse(viewer.enrolment);
    return {
      course: card!,
      enrolled: !!viewer.enrolment,
      isTeacher: viewer.isTeacher,
      sections: doc.sections.map((s) => ({
        id: s.id,
        title: s.title,
        lessons: s.lessons.map((l) => {
          const view = lesson(l);
          return { ...view, content: contentOf(l, view.locked) };
        }),
      })),
      progress,
      currentLessonId: current,
      position:
        position && doc.sections.some((s) => s.lessons.some((l) => l.id === position.lessonId)) ? position : null,
      refund,
      completed: progress ? isCompleted(progress) : false,
      certificateId: viewer.enrolment?.certificateId ?? null,
    };
  }
}
