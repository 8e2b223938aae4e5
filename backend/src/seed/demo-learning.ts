import type { INestApplication } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';

import {
  CoursesService,
  enrolmentDecider,
  enrolmentStream,
  reviewDecider,
  reviewStream,
  TeachersService,
} from '../../modules/learning';
import { CommandExecutor } from '../platform/decider';
import { seededRandom } from './demo-content';
import { DEMO_COURSES, DEMO_REVIEW_TEXTS, DEMO_TEACHERS } from './demo-courses';

const SEED_META = { actor: 'seed', requestId: 'seed' };
/** The seed approves as an operator would: no demo account is given a moderator's powers. */
const SEED_OPERATOR = { id: 'seed', role: 'admin' as const };

/**
 * The demo course marketplace, through the real commands: the demo teachers apply and are approved,
 * create and publish their courses; demo students enrol in the free ones and some review them, so
 * student counts and ratings are real.
 */
export async function seedLearning(app: INestApplication, members: UserDoc[]) {
  const teachersService = app.get(TeachersService);
  const courses = app.get(CoursesService);
  const commands = app.get(CommandExecutor);
  const random = seededRandom();
  const byUsername = new Map(members.map((m) => [m.username, m]));
  const teachers = DEMO_TEACHERS.map((t) => {
    const member = byUsername.get(t.username);
    if (!member) throw new Error(`seed: no demo member ${t.username} to teach`);
    return member;
  });

  for (const [i, t] of DEMO_TEACHERS.entries()) {
    const member = teachers[i]!;
    await teachersService.apply(member.id, t, { ...SEED_META, actor: member.id });
    await teachersService.approve(SEED_OPERATOR, member.id, SEED_META);
  }

  let enrolments = 0;
  let reviews = 0;
  for (const c of DEMO_COURSES) {
    const teacher = teachers[c.teacher]!;
    const meta = { ...SEED_META, actor: teacher.id };
    const courseId = await courses.create(
      teacher.id,
      {
        title: c.title,
        description: c.description,
        category: c.category,
        level: c.level,
        price: c.price,
        promoPrice: c.promoPrice ?? null,
        thumbnailMediaId: null,
        previewVideoMediaId: null,
        whatYouWillLearn: [...c.whatYouWillLearn],
        sections: c.sections.map(([title, lessons]) => ({
          title,
          lessons: lessons.map(([lessonTitle, minutes, text], n) => ({
            title: lessonTitle,
            durationSec: minutes * 60,
            freePreview: n === 0,
            content: { kind: 'text' as const, text },
          })),
        })),
      },
      meta,
    );
    await courses.publish(teacher.id, courseId, meta);
    if (c.price !== '0') continue;

    // Free courses fill up a little: a few demo students enrol, and some of them review.
    const students = members.filter((m) => m.id !== teacher.id && random() < 0.45);
    for (const s of students) {
      const now = new Date().toISOString();
      await commands.execute(
        enrolmentStream(courseId, s.id),
        enrolmentDecider,
        {
          type: 'Enrol',
          courseId,
          userId: s.id,
          teacherId: teacher.id,
          source: { kind: 'free' },
          course: { published: true, free: true }, // it was published just above
          now,
        },
        { ...SEED_META, actor: s.id },
        { waitFor: 'none' },
      );
      enrolments++;
      if (random() < 0.5) continue;
      await commands.execute(
        reviewStream(courseId, s.id),
        reviewDecider,
        {
          type: 'WriteReview',
          courseId,
          userId: s.id,
          teacherId: teacher.id,
          enrolled: true,
          rating: random() < 0.7 ? 5 : 4,
          comment: DEMO_REVIEW_TEXTS[Math.floor(random() * DEMO_REVIEW_TEXTS.length)]!,
          now,
        },
        { ...SEED_META, actor: s.id },
        { waitFor: 'none' },
      );
      reviews++;
    }
  }
  return { teachers: teachers.length, courses: DEMO_COURSES.length, enrolments, reviews };
}
