import type {
  CourseEvent,
  CourseSection,
  EnrolmentEvent,
  ReviewEvent,
  TeacherApplicationEvent,
} from '@modules/learning/events';
import type { MediaEvent } from '@modules/media/events';

import { defineProjector, type EventsOf, type ProjectionContext } from '../runner';
import {
  CATALOGUE_META,
  CATALOGUE_META_ID,
  CATALOGUE_PROJECTOR,
  CATALOGUE_RATINGS,
  CATALOGUE_TEACHERS,
  type CatalogueMetaDoc,
  type CatalogueRatingDoc,
  type CatalogueTeacherDoc,
  type CourseDoc,
  COURSES,
  coursesCollection,
  reviewId,
} from './docs';
import { CATALOGUE_MEDIA, isVideoOutcome, probedCurriculum, recordProbe, withDurations } from './lesson-durations';

type Handled =
  | CourseEvent
  | EventsOf<TeacherApplicationEvent, 'TeacherApplicationSubmitted'>
  | EventsOf<EnrolmentEvent, 'EnrolmentGranted' | 'EnrolmentRevoked'>
  | EventsOf<ReviewEvent, 'ReviewWritten' | 'ReviewEdited'>
  | EventsOf<MediaEvent, 'MediaPosterPrepared' | 'MediaProcessed'>;

const courses = (ctx: ProjectionContext) => ctx.collection<CourseDoc>(COURSES);

export function curriculumTotals(sections: CourseSection[]) {
  const lessons = sections.flatMap((s) => s.lessons);
  return {
    sections: sections.length,
    lessons: lessons.length,
    durationSec: lessons.reduce((sum, l) => sum + l.durationSec, 0),
  };
}

/** Writes a course with the next catalogue revision, so a reader's copy knows what changed. */
async function save(ctx: ProjectionContext, course: CourseDoc) {
  const meta = ctx.collection<CatalogueMetaDoc>(CATALOGUE_META);
  const before = await meta.get(CATALOGUE_META_ID);
  const rev = (before?.rev ?? 0) + 1;
  // The first course of this generation names it: a reader holding another generation's copy starts over.
  await meta.upsert({ id: CATALOGUE_META_ID, rev, epoch: before?.epoch ?? course.id });
  await courses(ctx).upsert({ ...course, rev });
}

async function change(ctx: ProjectionContext, courseId: string, fn: (c: CourseDoc) => CourseDoc) {
  const course = await courses(ctx).get(courseId);
  if (course) await save(ctx, fn(course));
}

type Standing = Pick<CatalogueRatingDoc, 'rating' | 'enrolled'>;

/** The rating a student's review adds to the course: none without a review or while not enrolled. */
const counted = (s: Standing) => (s.enrolled && s.rating !== null ? s.rating : null);

/** Takes one rating out of the course's numbers and puts another in (either may be none). */
function recount(was: number | null, now: number | null) {
  return (c: CourseDoc): CourseDoc => {
    if (was === now) return c;
    const distribution = { ...c.distribution };
    if (was !== null) distribution[String(was) as '1'] -= 1;
    if (now !== null) distribution[String(now) as '1'] += 1;
    return {
      ...c,
      ratingSum: c.ratingSum - (was ?? 0) + (now ?? 0),
      ratingCount: c.ratingCount - (was === null ? 0 : 1) + (now === null ? 0 : 1),
      distribution,
    };
  };
}

/**
 * Records a student's review rating or enrolment standing and answers how the course's ratings move.
 * A student with no document counts as enrolled: the review decider let them write only then, and
 * a revoke always leaves a document. The same event again finds nothing changed: nothing moves.
 */
async function standing(ctx: ProjectionContext, courseId: string, userId: string, patch: Partial<Standing>) {
  const ratings = ctx.collection<CatalogueRatingDoc>(CATALOGUE_RATINGS);
  const id = reviewId(courseId, userId);
  const doc = await ratings.get(id);
  const before: Standing = { rating: doc?.rating ?? null, enrolled: doc?.enrolled ?? true };
  const after: Standing = { ...before, ...patch };
  if (after.rating === before.rating && after.enrolled === before.enrolled) return null;
  await ratings.upsert({ id, ...after });
  return recount(counted(before), counted(after));
}

/** A video's length is known (its poster's probe, then the transcode's): the lessons playing it take it. */
async function probed(ctx: ProjectionContext, mediaId: string, durationSeconds: number) {
  const { durationSec, courses: named } = await recordProbe(ctx, mediaId, durationSeconds);
  for (const courseId of named) {
    const course = await courses(ctx).get(courseId);
    if (!course) continue;
    const sections = withDurations(course.sections, new Map([[mediaId, durationSec]]));
    if (sections !== course.sections) await save(ctx, { ...course, sections, totals: curriculumTotals(sections) });
  }
}

async function rate(ctx: ProjectionContext, courseId: string, userId: string, rating: number) {
  const moved = await standing(ctx, courseId, userId, { rating });
  if (moved) await change(ctx, courseId, moved);
}

/**
 * The course catalogue (spec part 2 §2 Course catalogue, Course detail): every course with its
 * curriculum, whether it is listed, its teacher's bio and topics, students enrolled now, and its ratings
 * (sum, count, distribution) from the reviews of students enrolled now: a refund takes its author's
 * rating out, enrolling again puts it back. A video lesson lasts as long as its video as the worker
 * probed it (lesson-durations.ts), not as long as anyone typed. Counters move by the events that
 * change them; the runner applies each batch and its checkpoint together, so a replay or a restart
 * neither loses nor doubles one.
 */
export const catalogueProjector = defineProjector<Handled>({
  name: CATALOGUE_PROJECTOR,
  // 4: courses carry their teacher's topics (the catalogue's search finds a course by them).
  version: 4,
  collections: [
    coursesCollection,
    { name: CATALOGUE_META },
    { name: CATALOGUE_TEACHERS },
    { name: CATALOGUE_RATINGS },
    { name: CATALOGUE_MEDIA },
  ],
  on: {
    async TeacherApplicationSubmitted({ data }, ctx) {
      const { bio, topics } = data;
      await ctx.collection<CatalogueTeacherDoc>(CATALOGUE_TEACHERS).upsert({ id: data.userId, bio, topics });
      // A vendor who taught before applying (promoted by an operator) gets the bio on their courses too.
      const own = await courses(ctx).find({ where: { teacherId: data.userId }, limit: 1000 });
      for (const c of own.items) await save(ctx, { ...c, teacherBio: bio, teacherTopics: topics });
    },
    async CourseCreated({ data }, ctx) {
      const { courseId, teacherId, createdAt, ...details } = data;
      const teacher = await ctx.collection<CatalogueTeacherDoc>(CATALOGUE_TEACHERS).get(teacherId);
      const existing = await courses(ctx).get(courseId);
      const sections = await probedCurriculum(ctx, courseId, details.sections);
      await save(ctx, {
        id: courseId,
        teacherId,
        teacherBio: teacher?.bio ?? '',
        teacherTopics: teacher?.topics ?? [],
        ...details,
        sections,
        totals: curriculumTotals(sections),
        published: false,
        publishedAt: null,
        createdAt,
        updatedAt: createdAt,
        // Enrolments and reviews come after creation in the log, but keep whatever is already counted.
        students: existing?.students ?? 0,
        ratingSum: existing?.ratingSum ?? 0,
        ratingCount: existing?.ratingCount ?? 0,
        distribution: existing?.distribution ?? { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
        rev: 0,
      });
    },
    async CourseEdited({ data }, ctx) {
      const sections = data.changes.sections && (await probedCurriculum(ctx, data.courseId, data.changes.sections));
      await change(ctx, data.courseId, (c) => ({
        ...c,
        ...data.changes,
        ...(sections ? { sections, totals: curriculumTotals(sections) } : {}),
        updatedAt: data.editedAt,
      }));
    },
    async CoursePublished({ data }, ctx) {
      await change(ctx, data.courseId, (c) => ({
        ...c,
        published: true,
        publishedAt: data.publishedAt,
        updatedAt: data.publishedAt,
      }));
    },
    async CourseUnpublished({ data }, ctx) {
      await change(ctx, data.courseId, (c) => ({ ...c, published: false, updatedAt: data.unpublishedAt }));
    },
    async EnrolmentGranted({ data }, ctx) {
      const moved = await standing(ctx, data.courseId, data.userId, { enrolled: true });
      await change(ctx, data.courseId, (c) => {
        const counted = { ...c, students: c.students + 1 };
        return moved ? moved(counted) : counted;
      });
    },
    async EnrolmentRevoked({ data }, ctx) {
      const moved = await standing(ctx, data.courseId, data.userId, { enrolled: false });
      await change(ctx, data.courseId, (c) => {
        const counted = { ...c, students: Math.max(0, c.students - 1) };
        return moved ? moved(counted) : counted;
      });
    },
    async ReviewWritten({ data }, ctx) {
      await rate(ctx, data.courseId, data.userId, data.rating);
    },
    async ReviewEdited({ data }, ctx) {
      await rate(ctx, data.courseId, data.userId, data.rating);
    },
    async MediaPosterPrepared({ data }, ctx) {
      await probed(ctx, data.mediaId, data.durationSeconds);
    },
    async MediaProcessed({ data }, ctx) {
      if (isVideoOutcome(data)) await probed(ctx, data.mediaId, data.durationSeconds!);
    },
  },
});
