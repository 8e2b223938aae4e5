import { z } from 'zod';

import { LEARNING_LIMITS as L, LEARNING_MESSAGES as M } from '../limits';

/** An amount as the spec sends it ('1500', '1499.50'); a JSON number is taken as its decimal text. */
const amount = (message: string) =>
  z.union([z.string(), z.number()], { invalid_type_error: message, required_error: message }).transform(String);

const mediaId = (message: string) =>
  z
    .string({ invalid_type_error: message })
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const content = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('video'), mediaId: z.string({ invalid_type_error: M.badLessonContent }) }),
    z.object({ kind: z.literal('text'), text: z.string({ invalid_type_error: M.badLessonContent }) }),
  ],
  { errorMap: () => ({ message: M.badLessonContent }) },
);

const lesson = z.object({
  /** An existing lesson's id keeps it (and the progress pointing at it); otherwise a new id is made. */
  id: z.string().max(100).optional(),
  title: z.string({ required_error: M.badLessonTitle, invalid_type_error: M.badLessonTitle }),
  durationSec: z.number({ required_error: M.badLessonDuration, invalid_type_error: M.badLessonDuration }),
  freePreview: z.boolean({ invalid_type_error: 'freePreview must be true or false' }).default(false),
  content,
});

const section = z.object({
  id: z.string().max(100).optional(),
  title: z.string({ required_error: M.badSectionTitle, invalid_type_error: M.badSectionTitle }),
  // Capped at the edge too (the decider keeps the same rules): a long list is a 400 before any command.
  lessons: z
    .array(lesson, { invalid_type_error: M.badLessonTitle })
    .max(L.lessonsPerSectionMax, M.tooManyLessons)
    .default([]),
});

const fields = {
  title: z.string({ required_error: M.titleRequired, invalid_type_error: M.titleRequired }),
  description: z.string({ required_error: M.descriptionRequired, invalid_type_error: M.descriptionRequired }),
  category: z.string({ required_error: M.badCategory, invalid_type_error: M.badCategory }),
  level: z.string({ required_error: M.badLevel, invalid_type_error: M.badLevel }),
  price: amount(M.badPrice),
  promoPrice: amount(M.badPromoPrice)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  thumbnailMediaId: mediaId(M.thumbnailNotFound),
  previewVideoMediaId: mediaId(M.previewVideoNotFound),
  whatYouWillLearn: z
    .array(z.string({ invalid_type_error: M.badOutcome }), { invalid_type_error: M.badOutcome })
    .max(L.whatYouWillLearnMax, M.tooManyOutcomes),
  sections: z.array(section, { invalid_type_error: M.badSectionTitle }).max(L.sectionsMax, M.tooManySections),
};

/** POST /api/courses: everything a course has; the curriculum and outcomes may come later. */
export const createCourseSchema = z.object({
  ...fields,
  whatYouWillLearn: fields.whatYouWillLearn.default([]),
  sections: fields.sections.default([]),
});

/** PATCH /api/courses/:id: any of the fields; absent ones stay as they are. */
export const patchCourseSchema = z.object({
  title: fields.title.optional(),
  description: fields.description.optional(),
  category: fields.category.optional(),
  level: fields.level.optional(),
  price: fields.price.optional(),
  promoPrice: amount(M.badPromoPrice).nullable().optional(),
  thumbnailMediaId: z.string({ invalid_type_error: M.thumbnailNotFound }).nullable().optional(),
  previewVideoMediaId: z.string({ invalid_type_error: M.previewVideoNotFound }).nullable().optional(),
  whatYouWillLearn: fields.whatYouWillLearn.optional(),
  sections: fields.sections.optional(),
});

export type CourseBody = z.output<typeof createCourseSchema>;
export type CoursePatchBody = z.output<typeof patchCourseSchema>;
export type SectionBody = z.output<typeof section>;
