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
import type { Logger } from '../platform/logging';
import { seededRandom } from './demo-content';
import { seedCourseMedia, videoLesson } from './demo-course-media';
import { DEMO_COURSES, DEMO_REVIEW_TEXTS, DEMO_TEACHERS } from './demo-courses';
import { type DemoTimeline, isoAt } from './demo-timeline';

const SEED_META = { actor: 'seed', requestId: 'seed' };
/** The seed approves as an operator would: no demo account is given a moderator's powers. */
const SEED_OPERATOR = { id: 'seed', role: 'admin' as const };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The demo course marketplace, through the real commands: the demo teachers apply and are approved,
 * create and publish their courses (each with a generated cover, a few paid ones with a video
 * lesson); demo students enrol in the free ones and some review them, so student counts and ratings
 * are real. It all happened over the past weeks: teachers six weeks ago, courses in the fortnight
 * after, students and reviews since; scheduled on the timeline, while the covers are made and
 * uploaded beside it.
 */
export function seedLearning(app: INestApplication, members: UserDoc[], logger: Logger, timeline: DemoTimeline) {
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

  const media = seedCourseMedia(app, DEMO_COURSES, (c) => teachers[c.teacher]!.id, SEED_META, logger);
  // Awaited by the first course's step; a failure before then must not go unhandled meanwhile.
  media.catch(() => {});
  const now = Date.now();
  for (const [i, t] of DEMO_TEACHERS.entries()) {
    const member = teachers[i]!;
    const applied = now - 44 * DAY + i * HOUR;
    timeline.add(applied, async () => {
      await teachersService.apply(member.id, t, { ...SEED_META, actor: member.id, occurredAt: isoAt(applied) });
      await teachersService.approve(SEED_OPERATOR, member.id, { ...SEED_META, occurredAt: isoAt(applied + HOUR) });
    });
  }

  let enrolments = 0;
  let reviews = 0;
  for (const [i, c] of DEMO_COURSES.entries()) {
    const teacher = teachers[c.teacher]!;
    const created = now - 40 * DAY + i * 12 * HOUR;
    const published = created + HOUR / 2;
    const meta = { ...SEED_META, actor: teacher.id };
    // Set when the timeline has played the course's creation, before its students come.
    let courseId = '';
    timeline.add(created, async () => {
      const { covers, lessonVideos } = await media;
      const video = lessonVideos.get(c.title);
      courseId = await courses.create(
        teacher.id,
        {
          title: c.title,
          description: c.description,
          category: c.category,
          level: c.level,
          price: c.price,
          promoPrice: c.promoPrice ?? null,
          thumbnailMediaId: covers[i]!,
          previewVideoMediaId: null,
          whatYouWillLearn: [...c.whatYouWillLearn],
          sections: c.sections.map(([title, lessons], s) => {
            const texts = lessons.map(([lessonTitle, minutes, text], n) => ({
              title: lessonTitle,
              durationSec: minutes * 60,
              freePreview: n === 0,
              content: { kind: 'text' as const, text },
            }));
            return { title, lessons: s === 0 && video ? [texts[0]!, videoLesson(video), ...texts.slice(1)] : texts };
          }),
        },
        { ...meta, occurredAt: isoAt(created) },
      );
      await courses.publish(teacher.id, courseId, { ...meta, occurredAt: isoAt(published) });
    });
    if (c.price !== '0') continue;

    // Free courses fill up a little: a few demo students enrol, and some of them review.
    const students = members.filter((m) => m.id !== teacher.id && random() < 0.45);
    for (const s of students) {
      // Some time after the course came out, and the review some time after enrolling.
      const enrolled = published + HOUR + random() * (now - published - 2 * HOUR);
      const reviewed = enrolled + random() * (now - enrolled - HOUR);
      const student = { ...SEED_META, actor: s.id };
      timeline.add(enrolled, () =>
        commands.execute(
          enrolmentStream(courseId, s.id),
          enrolmentDecider,
          {
            type: 'Enrol',
            courseId,
            userId: s.id,
            teacherId: teacher.id,
            source: { kind: 'free' },
            course: { published: true, free: true }, // published by an earlier step
            now: isoAt(enrolled),
          },
          { ...student, occurredAt: isoAt(enrolled) },
          { waitFor: 'none' },
        ),
      );
      enrolments++;
      if (random() < 0.5) continue;
      const rating = random() < 0.7 ? 5 : 4;
      const comment = DEMO_REVIEW_TEXTS[Math.floor(random() * DEMO_REVIEW_TEXTS.length)]!;
      timeline.add(reviewed, () =>
        commands.execute(
          reviewStream(courseId, s.id),
          reviewDecider,
          {
            type: 'WriteReview',
            courseId,
            userId: s.id,
            teacherId: teacher.id,
            enrolled: true,
            rating,
            comment,
            now: isoAt(reviewed),
          },
          { ...student, occurredAt: isoAt(reviewed) },
          { waitFor: 'none' },
        ),
      );
      reviews++;
    }
  }
  return { teachers: teachers.length, courses: DEMO_COURSES.length, enrolments, reviews };
}
