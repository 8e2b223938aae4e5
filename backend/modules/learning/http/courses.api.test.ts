import { randomBytes } from 'node:crypto';

import { MediaIngestService } from '@modules/media';
import { anonymous, IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import sharp from 'sharp';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { LEARNING_MESSAGES as M } from '../limits';
import {
  addToCart,
  approvedTeacher,
  completeLesson,
  courseBody,
  createCourse,
  enrol,
  moderator,
  review,
} from '../testing/courses';
import type { CourseCard, CourseDetail, CourseDraft, LearnView, StudentCourse } from '../views';

/** A word no other test writes, so a search finds only this test's courses. */
const word = () => `zq${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

describeOnProfiles(
  'courses',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const catalogue = async (query: string, who?: Member) =>
      (await (who ? who.agent : request(server())).get(`/api/courses?${query}`).expect(200)).body as {
        courses: CourseCard[];
        nextCursor: string | null;
      };
    const titles = (r: { courses: CourseCard[] }) => r.courses.map((c) => c.title);
    let mod: Member;
    let teacher: Member;
    beforeAll(async () => {
      mod = await moderator(rt());
      teacher = await approvedTeacher(rt(), mod);
    });

    describe('the course editor', () => {
      it('creates a draft only for teachers, with the limits’ messages', async () => {
        const guest = await anonymous(rt());
        await guest.agent.post('/api/courses').set('X-CSRF-Token', guest.token).send(courseBody()).expect(401);
        const member = await registerMember(rt());
        const refused = await member.agent.post('/api/courses').set('X-CSRF-Token', member.token).send(courseBody());
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(M.teachersOnly);
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ title: ' ' }, M.titleRequired],
          [{ title: undefined }, M.titleRequired],
          [{ description: '' }, M.descriptionRequired],
          [{ category: 'Astrology' }, M.badCategory],
          [{ level: 'expert' }, M.badLevel],
          [{ price: '-5' }, M.badPrice],
          [{ price: '50000.01' }, M.badPrice],
          [{ price: '100', promoPrice: '90' }, M.promoNotAbovePrice],
          [{ whatYouWillLearn: Array(21).fill('x') }, M.tooManyOutcomes],
          [{ thumbnailMediaId: '0190d7c4-0000-7000-8000-000000000001' }, M.thumbnailNotFound],
          [
            {
              sections: [
                { title: 'S', lessons: [{ title: 'L', durationSec: 1.5, content: { kind: 'text', text: 'x' } }] },
              ],
            },
            M.badLessonDuration,
          ],
          [
            { sections: [{ title: 'S', lessons: [{ title: 'L', durationSec: 5, content: { kind: 'audio' } }] }] },
            M.badLessonContent,
          ],
        ];
        for (const [overrides, message] of cases) {
          const res = await teacher.agent
            .post('/api/courses')
            .set('X-CSRF-Token', teacher.token)
            .send(courseBody(overrides));
          expect([res.status, res.body.message]).toEqual([400, message]);
        }
      });

      it('edits, publishes and unpublishes its own course; others get 403, unknown ids 404', async () => {
        const id = await createCourse(teacher, courseBody({ sections: [] }), false);
        const draft = (await teacher.agent.get(`/api/vendor/courses/${id}`).expect(200)).body as CourseDraft;
        expect(draft).toMatchObject({
          id,
          price: '1500',
          promoPrice: null,
          isPublished: false,
          sections: [],
          rating: '0.0',
        });
        const early = await teacher.agent
          .post(`/api/courses/${id}/publish`)
          .set('X-CSRF-Token', teacher.token)
          .expect(409);
        expect(early.body.message).toBe(M.nothingToPublish);

        const edited = await teacher.agent
          .patch(`/api/courses/${id}`)
          .set('X-CSRF-Token', teacher.token)
          .send({ price: '1499.50', promoPrice: '2000', sections: courseBody().sections })
          .expect(200);
        const body = edited.body as CourseDraft;
        expect(body).toMatchObject({ price: '1499.50', promoPrice: '2000' });
        const lessonIds = body.sections[0]!.lessons.map((l) => l.id);
        // Sending the curriculum back with its ids keeps them (progress keeps pointing at the lessons).
        const again = await teacher.agent
          .patch(`/api/courses/${id}`)
          .set('X-CSRF-Token', teacher.token)
          .send({ sections: [{ ...body.sections[0], title: 'Letters' }] })
          .expect(200);
        expect(again.body.sections[0].lessons.map((l: { id: string }) => l.id)).toEqual(lessonIds);
        expect(again.body.sections[0].title).toBe('Letters');

        const other = await approvedTeacher(rt(), mod);
        const foreign = await other.agent
          .patch(`/api/courses/${id}`)
          .set('X-CSRF-Token', other.token)
          .send({ title: 'Mine' });
        expect([foreign.status, foreign.body.message]).toEqual([403, M.notCourseTeacher]);
        await other.agent.get(`/api/vendor/courses/${id}`).expect(403);
        await other.agent.post(`/api/courses/${id}/publish`).set('X-CSRF-Token', other.token).expect(403);
        const unknown = await teacher.agent.get('/api/vendor/courses/0190d7c4-0000-7000-8000-0000000000aa').expect(404);
        expect(unknown.body.message).toBe(M.courseNotFound);
        await teacher.agent.patch('/api/courses/not-an-id').set('X-CSRF-Token', teacher.token).send({}).expect(404);

        const published = await teacher.agent
          .post(`/api/courses/${id}/publish`)
          .set('X-CSRF-Token', teacher.token)
          .expect(200);
        expect(published.body.isPublished).toBe(true);
        await teacher.agent.post(`/api/courses/${id}/publish`).set('X-CSRF-Token', teacher.token).expect(409);
        const emptied = await teacher.agent
          .patch(`/api/courses/${id}`)
          .set('X-CSRF-Token', teacher.token)
          .send({ sections: [] });
        expect([emptied.status, emptied.body.message]).toEqual([409, M.publishedNeedsLessons]);
        await teacher.agent.post(`/api/courses/${id}/unpublish`).set('X-CSRF-Token', teacher.token).expect(200);
        const twice = await teacher.agent
          .post(`/api/courses/${id}/unpublish`)
          .set('X-CSRF-Token', teacher.token)
          .expect(409);
        expect(twice.body.message).toBe(M.notPublished);
        const mine = (await teacher.agent.get('/api/vendor/courses').expect(200)).body as CourseDraft[];
        expect(mine.map((c) => c.id)).toContain(id);
      });

      it('shows the teacher’s own uploaded thumbnail, and refuses someone else’s', async () => {
        const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f6e4f' } })
          .png()
          .toBuffer();
        const ingest = (ownerId: string) =>
          rt()
            .http!.get(MediaIngestService)
            .ingest({ ownerId, source: { buffer: png }, purpose: 'image', filename: 'cover.png' }, { actor: ownerId });
        const mine = await ingest(teacher.id);
        const theirs = await ingest(mod.id);
        const refused = await teacher.agent
          .post('/api/courses')
          .set('X-CSRF-Token', teacher.token)
          .send(courseBody({ thumbnailMediaId: theirs.id }))
          .expect(400);
        expect(refused.body.message).toBe(M.thumbnailNotFound);
        const id = await createCourse(teacher, courseBody({ title: `Cover ${word()}`, thumbnailMediaId: mine.id }));
        const detail = (await request(server()).get(`/api/courses/${id}`).expect(200)).body as CourseDetail;
        expect(detail.thumbnailImage).toBe(`/media/${mine.id}`);
        expect((await teacher.agent.get(`/api/vendor/courses/${id}`)).body).toMatchObject({
          thumbnailMediaId: mine.id,
          thumbnailImage: `/media/${mine.id}`,
        });
      });
    });

    describe('the catalogue', () => {
      it('lists published courses only, filtered, in each sort, a page at a time', async () => {
        const w = word();
        const t2 = await approvedTeacher(rt(), mod, 'Teaches fiqh of worship');
        const course = (title: string, o: Record<string, unknown>, who = teacher) =>
          createCourse(who, courseBody({ title: `${title} ${w}`, ...o }));
        const a = await course('Alif', { category: 'Quran', level: 'beginner', price: '0' });
        const b = await course('Ba', { category: 'Fiqh', level: 'intermediate', price: '2500' }, t2);
        const c = await course('Ta', { category: 'Fiqh', level: 'advanced', price: '800' });
        await createCourse(teacher, courseBody({ title: `Draft ${w}` }), false);
        const [s1, s2, s3] = [await registerMember(rt()), await registerMember(rt()), await registerMember(rt())];
        await enrol(rt(), a, teacher.id, s1.id);
        await enrol(rt(), a, teacher.id, s2.id);
        await enrol(rt(), b, t2.id, s1.id, false);
        await enrol(rt(), c, teacher.id, s3.id, false);
        await review(rt(), c, teacher.id, s3.id, 5);
        await review(rt(), a, teacher.id, s1.id, 3);
        await review(rt(), a, teacher.id, s2.id, 4);

        // popular: Alif has 2 students; Ta and Ba one each, the newer first. The draft is never listed.
        expect(titles(await catalogue(`search=${w}`))).toEqual([`Alif ${w}`, `Ta ${w}`, `Ba ${w}`]);
        expect(titles(await catalogue(`search=${w}&sort=newest`))).toEqual([`Ta ${w}`, `Ba ${w}`, `Alif ${w}`]);
        expect(titles(await catalogue(`search=${w}&sort=rating`))).toEqual([`Ta ${w}`, `Alif ${w}`, `Ba ${w}`]);
        expect(titles(await catalogue(`search=${w}&sort=price_low`))).toEqual([`Alif ${w}`, `Ta ${w}`, `Ba ${w}`]);
        expect(titles(await catalogue(`search=${w}&sort=price_high`))).toEqual([`Ba ${w}`, `Ta ${w}`, `Alif ${w}`]);
        expect(titles(await catalogue(`search=${w.toUpperCase()}&category=Fiqh`))).toEqual([`Ta ${w}`, `Ba ${w}`]);
        expect(titles(await catalogue(`search=${w}&category=all&level=advanced`))).toEqual([`Ta ${w}`]);
        // A teacher's name or username finds their courses; with another word, both must match.
        const named = (text: string) => catalogue(`search=${encodeURIComponent(text)}`);
        expect(titles(await named(`${w} ${t2.username}`))).toEqual([`Ba ${w}`]);
        expect(titles(await named(`${t2.displayName.split(' ').at(-1)} ${w}`))).toEqual([`Ba ${w}`]);
        expect(titles(await catalogue(`search=${w}&priceMin=500&priceMax=2500&sort=price_low`))).toEqual([
          `Ta ${w}`,
          `Ba ${w}`,
        ]);
        expect(titles(await catalogue(`search=${w}&priceMax=0`))).toEqual([`Alif ${w}`]);

        const first = await catalogue(`search=${w}&sort=price_high&limit=2`);
        expect(titles(first)).toEqual([`Ba ${w}`, `Ta ${w}`]);
        const second = await catalogue(`search=${w}&sort=price_high&limit=2&cursor=${first.nextCursor}`);
        expect([titles(second), second.nextCursor]).toEqual([[`Alif ${w}`], null]);

        const card = (await catalogue(`search=${w}&category=Quran`)).courses[0]!;
        expect(card).toEqual({
          id: a,
          title: `Alif ${w}`,
          description: courseBody().description,
          category: 'Quran',
          level: 'beginner',
          price: '0',
          promoPrice: null,
          isFree: true,
          rating: '3.5',
          reviewsCount: 2,
          totalStudents: 2,
          isPublished: true,
          thumbnailImage: null,
          previewVideoUrl: null,
          vendor: {
            userId: teacher.id,
            bio: 'Ijazah in Hafs, teaching since 2010',
            user: { id: teacher.id, name: teacher.displayName, username: teacher.username, profileImage: null },
          },
          badges: [],
          totals: { sections: 1, lessons: 2, durationSec: 720 },
          createdAt: expect.any(String),
          publishedAt: expect.any(String),
        });
      });

      it.each([
        ['category=Astrology', M.badCatalogueCategory],
        ['level=expert', M.badCatalogueLevel],
        ['sort=cheapest', M.badSort],
        ['priceMin=-1', M.badPriceFilter],
        ['priceMax=50001', M.badPriceFilter],
        ['limit=0', M.badLimit],
        ['limit=51', M.badLimit],
        ['cursor=nonsense', M.badCursor],
      ])('refuses %s with 400', async (query, message) => {
        const res = await request(server()).get(`/api/courses?${query}`).expect(400);
        expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      });

      it('gives Trending above 200 students with a rating of at least 4.5, and counts the stats', async () => {
        const before = (await request(server()).get('/api/courses/stats').expect(200)).body;
        const w = word();
        const id = await createCourse(teacher, courseBody({ title: `Popular ${w}`, price: '0' }));
        const students = Array.from({ length: 201 }, () => `student-${randomBytes(6).toString('hex')}`);
        for (const s of students) await enrol(rt(), id, teacher.id, s);
        await review(rt(), id, teacher.id, students[0]!, 5);
        await review(rt(), id, teacher.id, students[1]!, 4);
        const card = (await catalogue(`search=${w}`)).courses[0]!;
        expect(card).toMatchObject({ totalStudents: 201, rating: '4.5', badges: ['trending'] });
        const after = (await request(server()).get('/api/courses/stats').expect(200)).body;
        expect(after).toEqual({
          courses: before.courses + 1,
          students: before.students + 201,
          instructors: before.instructors,
          free: before.free + 1,
        });
      }, 120_000);
    });

    describe('a course page and its lessons', () => {
      it('hides drafts from everyone but their teacher', async () => {
        const id = await createCourse(teacher, courseBody({ title: `Hidden ${word()}` }), false);
        const guest = await request(server()).get(`/api/courses/${id}`).expect(404);
        expect(guest.body.message).toBe(M.courseNotFound);
        const member = await registerMember(rt());
        await member.agent.get(`/api/courses/${id}`).expect(404);
        await member.agent.get(`/api/courses/${id}/learn`).expect(404);
        await member.agent.get(`/api/courses/${id}/reviews`).expect(404);
        expect((await teacher.agent.get(`/api/courses/${id}`).expect(200)).body.isPublished).toBe(false);
        await request(server()).get('/api/courses/0190d7c4-0000-7000-8000-0000000000bb').expect(404);
        await request(server()).get('/api/courses/nope').expect(404);
      });

      it('locks lessons for guests and strangers, opens them for students and the teacher, and tracks progress', async () => {
        const id = await createCourse(teacher, courseBody({ title: `Lessons ${word()}` }));
        const guest = (await request(server()).get(`/api/courses/${id}`).expect(200)).body as CourseDetail;
        const [free, locked] = guest.sections[0]!.lessons;
        expect([free!.locked, locked!.locked]).toEqual([false, true]);
        expect(guest.viewer).toEqual({
          enrolled: false,
          isTeacher: false,
          inCart: false,
          progress: null,
          currentLessonId: null,
          review: null,
          refund: null,
          certificateId: null,
        });
        // The rule is told before buying, as configured (REFUND_MAX_PROGRESS below), not a default.
        expect(guest.refundPolicy).toEqual({ windowDays: 7, maxProgress: 0.45 });
        expect(guest.whatYouWillLearn).toEqual(courseBody().whatYouWillLearn);
        const guestLearn = (await request(server()).get(`/api/courses/${id}/learn`).expect(200)).body as LearnView;
        expect(guestLearn.sections[0]!.lessons.map((l) => l.content)).toEqual([
          { kind: 'text', text: 'There are five places of articulation: the throat, the tongue…' },
          null,
        ]);

        const own = (await teacher.agent.get(`/api/courses/${id}/learn`).expect(200)).body as LearnView;
        expect(own.isTeacher).toBe(true);
        expect(own.sections[0]!.lessons.every((l) => !l.locked && l.content !== null)).toBe(true);

        const student = await registerMember(rt());
        await enrol(rt(), id, teacher.id, student.id, false);
        const ids = [free!.id, locked!.id];
        await completeLesson(rt(), id, student.id, ids, free!.id);
        await review(rt(), id, teacher.id, student.id, 4, 'Clear and patient');
        const shopper = await registerMember(rt());
        await addToCart(rt(), shopper.id, id);
        expect((await shopper.agent.get(`/api/courses/${id}`).expect(200)).body.viewer.inCart).toBe(true);
        const mine = (await student.agent.get(`/api/courses/${id}`).expect(200)).body as CourseDetail;
        expect(mine.sections[0]!.lessons.map((l) => [l.locked, l.completed, l.isCurrent])).toEqual([
          [false, true, false],
          [false, false, true],
        ]);
        expect(mine.refundPolicy).toEqual(guest.refundPolicy);
        expect(mine.viewer).toMatchObject({
          enrolled: true,
          progress: { completed: 1, total: 2, percent: 50 },
          currentLessonId: locked!.id,
          review: { id: `${id}:${student.id}`, rating: 4, comment: 'Clear and patient', reply: null },
        });
        expect(mine.reviewsSummary).toEqual({
          average: '4.0',
          count: 1,
          distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
        });
        const learn = (await student.agent.get(`/api/courses/${id}/learn`).expect(200)).body as LearnView;
        expect(learn.sections[0]!.lessons[1]!.content).toEqual({
          kind: 'text',
          text: 'Hamzah and haa from the deepest part of the throat…',
        });
        expect(learn).toMatchObject({ enrolled: true, currentLessonId: locked!.id, position: null });

        const reviews = (await request(server()).get(`/api/courses/${id}/reviews`).expect(200)).body;
        expect(reviews).toEqual({
          reviews: [
            {
              id: `${id}:${student.id}`,
              courseId: id,
              rating: 4,
              comment: 'Clear and patient',
              user: { id: student.id, name: student.displayName, username: student.username, profileImage: null },
              createdAt: expect.any(String),
              editedAt: null,
              reply: null,
            },
          ],
          nextCursor: null,
        });
        await request(server()).get(`/api/courses/${id}/reviews?cursor=zzz`).expect(400);

        await request(server()).get('/api/student/courses').expect(401);
        const courses = (await student.agent.get('/api/student/courses').expect(200)).body as StudentCourse[];
        expect(courses).toEqual([
          {
            courseId: id,
            course: expect.objectContaining({ id, totalStudents: 1 }),
            enrolledAt: expect.any(String),
            progress: { completed: 1, total: 2, percent: 50 },
            currentLessonId: locked!.id,
            completed: false,
            certificateId: null,
          },
        ]);
      });
    });
  },
  // Not the default 0.3, so the course page's refundPolicy is seen to follow the configuration.
  { ...IDENTITY_TEST_ENV, REFUND_MAX_PROGRESS: '0.45' },
);
