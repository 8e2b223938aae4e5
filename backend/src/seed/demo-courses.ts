/**
 * The demo course catalogue: short but genuine courses, taught by four demo members whose teacher
 * applications the seed submits and approves. Lessons are text (a few paid courses also get the demo
 * clip as a video lesson, demo-course-media.ts); the first lesson of each course is a free preview.
 * Prices are KES; '0' is free. Covers are generated at seed time (demo-covers.ts).
 *
 * The content is data (demo-courses.data.json), edited as text by people who write courses; it is checked
 * here when the module loads, so a misspelt key, a category the spec does not have or a teacher index
 * out of range stops the seed with the path of the mistake instead of seeding a broken course.
 */
import { z } from 'zod';

import { COURSE_CATEGORIES, COURSE_LEVELS, PRICE_RANGES, TEACHER_TOPICS } from '../../modules/learning';
import catalogue from './demo-courses.data.json';

const price = z.string().regex(/^\d+$/, 'a whole number of KES');

const demoTeacher = z
  .object({
    username: z.string().min(1),
    bio: z.string().min(1),
    topics: z.array(z.enum(TEACHER_TOPICS)).min(1),
    priceRange: z.enum(PRICE_RANGES),
  })
  .strict();

/** [title, minutes, text] */
const demoLesson = z.tuple([z.string().min(1), z.number().int().positive(), z.string().min(1)]);

const demoCourse = z
  .object({
    teacher: z.number().int().nonnegative(),
    title: z.string().min(1),
    description: z.string().min(1),
    category: z.enum(COURSE_CATEGORIES),
    level: z.enum(COURSE_LEVELS),
    price,
    promoPrice: price.optional(),
    whatYouWillLearn: z.array(z.string().min(1)).min(1),
    sections: z.array(z.tuple([z.string().min(1), z.array(demoLesson).min(1)])).min(1),
  })
  .strict();

const demoCatalogue = z
  .object({
    teachers: z.array(demoTeacher).min(1),
    courses: z.array(demoCourse).min(1),
    /** What demo students write when they review a free course they enrolled in. */
    reviewTexts: z.array(z.string().min(1)).min(1),
  })
  .strict()
  .superRefine(({ teachers, courses }, ctx) => {
    for (const [i, c] of courses.entries()) {
      if (c.teacher >= teachers.length) {
        ctx.addIssue({ code: 'custom', path: ['courses', i, 'teacher'], message: `no demo teacher ${c.teacher}` });
      }
    }
  });

export type DemoTeacher = z.infer<typeof demoTeacher>;
export type DemoCourse = z.infer<typeof demoCourse>;
export type DemoCatalogue = z.infer<typeof demoCatalogue>;

/** Checks catalogue data; throws naming every mistake with its path (e.g. courses.3.sections.0.1.2). */
export function parseDemoCatalogue(data: unknown): DemoCatalogue {
  const result = demoCatalogue.safeParse(data);
  if (result.success) return result.data;
  const mistakes = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`seed: demo-courses.data.json is not a valid catalogue:\n  ${mistakes.join('\n  ')}`);
}

const { teachers, courses, reviewTexts } = parseDemoCatalogue(catalogue);

export const DEMO_TEACHERS: readonly DemoTeacher[] = teachers;
export const DEMO_COURSES: readonly DemoCourse[] = courses;
export const DEMO_REVIEW_TEXTS: readonly string[] = reviewTexts;
