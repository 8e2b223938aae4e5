import { DomainError } from '@platform/decider/decider';
import { parseKes } from '@platform/money';

import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  type CourseCategory,
  type CourseDetails,
  type CourseLevel,
  type CourseSection,
  type Lesson,
  type LessonContent,
} from '../events';
import { LEARNING_LIMITS as L, LEARNING_MESSAGES as M } from '../limits';

/**
 * What a teacher sends for a course, as the HTTP edge hands it over: amounts still the spec's
 * decimal strings, texts untrimmed. Section and lesson ids are given by the service (new ones
 * generated, existing ones kept), so the decider stays pure and progress keeps pointing at lessons.
 */
export interface CourseInput {
  title: string;
  description: string;
  category: string;
  level: string;
  price: string;
  promoPrice: string | null;
  thumbnailMediaId: string | null;
  previewVideoMediaId: string | null;
  whatYouWillLearn: readonly string[];
  sections: readonly CourseSectionInput[];
}

export interface CourseSectionInput {
  id: string;
  title: string;
  lessons: readonly LessonInput[];
}

export interface LessonInput {
  id: string;
  title: string;
  durationSec: number;
  freePreview: boolean;
  content: LessonContent;
}

/** PATCH /api/courses/:id: any subset of the fields. */
export type CoursePatch = Partial<CourseInput>;

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);

function text(value: string, max: number, required: string, tooLong: string): string {
  const t = value.trim();
  if (!t) throw invalid(required);
  if (t.length > max) throw invalid(tooLong);
  return t;
}

function amount(value: string, message: string): number {
  const cents = parseKes(value);
  if (cents === null || cents > L.maxPrice) throw invalid(message);
  return cents;
}

const mediaId = (id: string | null) => (id?.trim() ? id.trim() : null);

function lesson(l: LessonInput): Lesson {
  const title = l.title.trim();
  if (!title || title.length > L.lessonTitleMax) throw invalid(M.badLessonTitle);
  if (!Number.isSafeInteger(l.durationSec) || l.durationSec < 0 || l.durationSec > L.lessonDurationMaxSec)
    throw invalid(M.badLessonDuration);
  let content: LessonContent;
  if (l.content.kind === 'video') {
    const id = mediaId(l.content.mediaId);
    if (!id) throw invalid(M.badLessonContent);
    content = { kind: 'video', mediaId: id };
  } else {
    const body = l.content.text.trim();
    if (!body || body.length > L.lessonTextMax) throw invalid(M.badLessonContent);
    content = { kind: 'text', text: body };
  }
  return { id: l.id, title, durationSec: l.durationSec, freePreview: l.freePreview, content };
}

function sections(input: readonly CourseSectionInput[]): CourseSection[] {
  if (input.length > L.sectionsMax) throw invalid(M.tooManySections);
  const ids = new Set<string>();
  const unique = (id: string) => {
    if (!id || ids.has(id)) throw invalid(M.duplicateCurriculumId);
    ids.add(id);
  };
  return input.map((s) => {
    unique(s.id);
    const title = s.title.trim();
    if (!title || title.length > L.sectionTitleMax) throw invalid(M.badSectionTitle);
    if (s.lessons.length > L.lessonsPerSectionMax) throw invalid(M.tooManyLessons);
    return {
      id: s.id,
      title,
      lessons: s.lessons.map((l) => {
        unique(l.id);
        return lesson(l);
      }),
    };
  });
}

function outcomes(input: readonly string[]): string[] {
  if (input.length > L.whatYouWillLearnMax) throw invalid(M.tooManyOutcomes);
  return input.map((o) => {
    const t = o.trim();
    if (!t || t.length > L.whatYouWillLearnItemMax) throw invalid(M.badOutcome);
    return t;
  });
}

/** Validates and normalises the fields present; absent fields stay absent. */
export function normalizeCoursePatch(p: CoursePatch): Partial<CourseDetails> {
  const out: Partial<CourseDetails> = {};
  if (p.title !== undefined) out.title = text(p.title, L.titleMax, M.titleRequired, M.titleTooLong);
  if (p.description !== undefined)
    out.description = text(p.description, L.descriptionMax, M.descriptionRequired, M.descriptionTooLong);
  if (p.category !== undefined) {
    if (!(COURSE_CATEGORIES as readonly string[]).includes(p.category)) throw invalid(M.badCategory);
    out.category = p.category as CourseCategory;
  }
  if (p.level !== undefined) {
    if (!(COURSE_LEVELS as readonly string[]).includes(p.level)) throw invalid(M.badLevel);
    out.level = p.level as CourseLevel;
  }
  if (p.price !== undefined) out.price = amount(p.price, M.badPrice);
  // An empty string is how a form clears the field.
  if (p.promoPrice !== undefined)
    out.promoPrice = p.promoPrice === null || !p.promoPrice.trim() ? null : amount(p.promoPrice, M.badPromoPrice);
  if (p.thumbnailMediaId !== undefined) out.thumbnailMediaId = mediaId(p.thumbnailMediaId);
  if (p.previewVideoMediaId !== undefined) out.previewVideoMediaId = mediaId(p.previewVideoMediaId);
  if (p.whatYouWillLearn !== undefined) out.whatYouWillLearn = outcomes(p.whatYouWillLearn);
  if (p.sections !== undefined) out.sections = sections(p.sections);
  return out;
}

/**
 * The rules across fields. §2 shows the promo price struck through only when it is greater than the
 * price; any other promo price would be a lie on the page, so it is refused rather than kept unseen.
 */
export function checkCourse(details: CourseDetails): CourseDetails {
  if (details.promoPrice !== null && details.promoPrice <= details.price) throw invalid(M.promoNotAbovePrice);
  return details;
}

export function normalizeCourse(input: CourseInput): CourseDetails {
  const n = normalizeCoursePatch(input);
  return checkCourse({
    title: n.title!,
    description: n.description!,
    category: n.category!,
    level: n.level!,
    price: n.price!,
    promoPrice: n.promoPrice ?? null,
    thumbnailMediaId: n.thumbnailMediaId ?? null,
    previewVideoMediaId: n.previewVideoMediaId ?? null,
    whatYouWillLearn: n.whatYouWillLearn!,
    sections: n.sections!,
  });
}

/** True when some section holds a lesson: what a course needs before students can see it. */
export const hasLessons = (details: Pick<CourseDetails, 'sections'>) =>
  details.sections.some((s) => s.lessons.length > 0);
