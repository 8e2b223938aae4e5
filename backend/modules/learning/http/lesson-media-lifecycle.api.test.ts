import { MediaIngestService } from '@modules/media';
import type { MediaDoc } from '@projections/media';
import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import sharp from 'sharp';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { enrolmentStream } from '../events';
import { OrderFulfilment } from '../order-fulfilment.reactor';
import { courseBody, createCourse, enrol } from '../testing/courses';
import { IMMUTABLE, lessonMediaKit, PRIVATE, whenDone } from '../testing/lesson-media';

describeOnProfiles(
  "a paid lesson's media: watched, refunded, made free, removed",
  (rt) => {
    const kit = lessonMediaKit(rt);
    const {
      guest,
      post,
      types,
      order,
      learn,
      lessonOf,
      paths,
      ingest,
      expectServed,
      expectRefused,
      newBuyer,
      signedPath,
    } = kit;
    let mod: Member;
    let teacher: Member;
    let student: Member;
    let outsider: Member;
    let paid: MediaDoc;
    let preview: MediaDoc;
    let courseId: string;
    beforeAll(() => ({ mod, teacher, student, outsider, paid, preview, courseId } = kit.made()));

    it('counts a lesson whose media were served as consumed: watched but never marked complete, it is not refunded', async () => {
      const { buyer, orderId, view } = await newBuyer();
      const stream = enrolmentStream(courseId, buyer.id);
      expect(await types(stream)).toEqual(['EnrolmentGranted']);
      // Refundable until something locked is served: the free preview is everyone's.
      await guest().get(`/media/${preview.id}/video.mp4`).expect(200);
      expect((await order(buyer, orderId)).refund).toMatchObject({ eligible: true });

      // A player's first play: several range requests at once, then seeking, the poster, every path.
      await Promise.all(
        ['bytes=0-99', 'bytes=100-199', 'bytes=200-299'].map((range) =>
          guest()
            .get(signedPath(view, `/media/${paid.id}/video.mp4`))
            .set('Range', range)
            .expect(206),
        ),
      );
      for (const path of paths(paid)) await expectServed('buyer, link', (p) => guest().get(signedPath(view, p)), path);
      const opened = (await rt().platform.eventStore.readStream(stream)).filter((e) => e.type === 'LessonMediaOpened');
      expect(opened.map((e) => e.data)).toEqual([
        expect.objectContaining({ courseId, userId: buyer.id, lessonId: lessonOf(view, 'The paid lesson').id }),
      ]);
      // Never marked complete, and 1 of the 2 lessons (50%) is past REFUND_MAX_PROGRESS all the same.
      expect(lessonOf(view, 'The paid lesson').completed).toBe(false);
      const refused = await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
      expect(refused.body.code).toBe('COURSE_CONSUMED');
      expect((await order(buyer, orderId)).refund).toMatchObject({
        eligible: false,
        reason: 'COURSE_CONSUMED',
        consumedCourseIds: [courseId],
      });
      expect((await order(buyer, orderId)).status).toBe('paid');
      // The teacher and a moderator looking at the lesson record nothing on anyone's enrolment.
      for (const who of [teacher, mod]) await who.agent.get(`/media/${paid.id}/video.mp4`).expect(200);
      expect(await types(enrolmentStream(courseId, teacher.id))).toEqual([]);
      expect(await types(enrolmentStream(courseId, mod.id))).toEqual([]);
      expect(await types(stream)).toEqual(['EnrolmentGranted', 'LessonMediaOpened']);
    });

    it('ends a buyer’s access with the refund’s answer, links already handed out included', async () => {
      const { buyer, orderId, view } = await newBuyer();
      for (const path of paths(paid)) {
        await expectServed('buyer, link', (p) => guest().get(signedPath(view, p)), path);
        await expectServed('buyer, session', (p) => buyer.agent.get(p), path);
      }
      // The fulfilment reactor, which also revokes, is held back: only the refund's own answer counts.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const handle = OrderFulfilment.prototype.handle;
      jest.spyOn(OrderFulfilment.prototype, 'handle').mockImplementation(async function (this: OrderFulfilment, e) {
        if (e.type === 'OrderRefunded') await held;
        return handle.call(this, e);
      });
      try {
        // Watched, so it is the moderators' to refund by hand (the same path as a member's refund).
        await post(mod, `/api/admin/orders/${orderId}/refund`, { reason: 'Charged twice' }).expect(200);
        for (const path of paths(paid)) {
          await expectRefused('refunded buyer, link from before', (p) => guest().get(signedPath(view, p)), path);
          await expectRefused('refunded buyer, session + link', (p) => buyer.agent.get(signedPath(view, p)), path);
          await expectRefused('refunded buyer, session', (p) => buyer.agent.get(p), path);
        }
        expect(lessonOf(await learn(buyer, courseId), 'The paid lesson')).toMatchObject({
          locked: true,
          content: null,
        });
      } finally {
        release();
        jest.restoreAllMocks();
      }
      // The free preview is still theirs, like everyone's.
      await guest().get(`/media/${preview.id}/video.mp4`).expect(200);
    });

    it("keeps a free preview's media and a post's media public and cacheable", async () => {
      for (const who of [guest(), outsider.agent]) {
        const mp4 = await who.get(`/media/${preview.id}/video.mp4`).set('Range', 'bytes=0-99').expect(206);
        expect(mp4.headers['cache-control']).toBe(IMMUTABLE);
        const posterFile = preview.variants.find((v) => v.role === 'poster')!.name;
        expect((await who.get(`/media/${preview.id}/${posterFile}`).expect(200)).headers['cache-control']).toBe(
          IMMUTABLE,
        );
        expect((await who.get(`/media/${preview.id}/poster`).expect(200)).headers['cache-control']).toBe(
          'public, max-age=3600',
        );
      }
      const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f6e4f' } })
        .png()
        .toBuffer();
      const image = await rt()
        .http!.get(MediaIngestService)
        .ingest(
          { ownerId: outsider.id, source: { buffer: photo }, purpose: 'post', filename: 'p.png' },
          { actor: outsider.id },
        );
      const doc = await whenDone(rt(), image.id);
      const best = await guest().get(`/media/${doc.id}`).expect(200);
      expect(best.headers['cache-control']).toBe('public, max-age=3600');
      expect(best.headers.vary).toBe('Accept');
      const file = await guest().get(`/media/${doc.id}/${doc.variants[0]!.name}`).set('Range', 'bytes=0-9').expect(206);
      expect(file.headers['cache-control']).toBe(IMMUTABLE);
      // A post's image carries no link and wants none: a stray one changes nothing.
      const stray = await guest().get(`/media/${doc.id}?m=x&exp=1&sig=nope`).expect(200);
      expect(stray.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('follows the teacher: a lesson made a free preview goes public, made paid again goes private', async () => {
      const lone = await ingest('x.mp4');
      const body = (freePreview: boolean) =>
        courseBody({
          sections: [
            {
              title: 'One',
              lessons: [{ title: 'Only', durationSec: 60, freePreview, content: { kind: 'video', mediaId: lone.id } }],
            },
          ],
        });
      const id = await createCourse(teacher, body(false));
      await guest().get(`/media/${lone.id}/video.mp4`).expect(404);
      const edit = (freePreview: boolean) =>
        teacher.agent
          .patch(`/api/courses/${id}`)
          .set('X-CSRF-Token', teacher.token)
          .send({ sections: body(freePreview).sections });
      await edit(true).expect(200);
      expect((await guest().get(`/media/${lone.id}/video.mp4`).expect(200)).headers['cache-control']).toBe(IMMUTABLE);
      await edit(false).expect(200);
      await guest().get(`/media/${lone.id}/video.mp4`).expect(404);
      expect((await teacher.agent.get(`/media/${lone.id}/video.mp4`).expect(200)).headers['cache-control']).toBe(
        PRIVATE,
      );
    });

    it('keeps a removed or replaced lesson’s video private: its course’s students, teacher and moderators only', async () => {
      const [first, second] = [await ingest('first.mp4'), await ingest('second.mp4')];
      const lessons = (mediaId: string | null) => [
        {
          title: 'Lesson',
          durationSec: 60,
          content: mediaId ? { kind: 'video', mediaId } : { kind: 'text', text: 'Read this instead' },
        },
      ];
      const id = await createCourse(
        teacher,
        courseBody({ sections: [{ title: 'One', lessons: [...lessons(first.id), ...lessons(second.id)] }] }),
      );
      await enrol(rt(), id, teacher.id, student.id, false);
      const edit = (sections: object[]) =>
        teacher.agent.patch(`/api/courses/${id}`).set('X-CSRF-Token', teacher.token).send({ sections }).expect(200);
      // The first lesson's video replaced by the second's, then the video lessons removed altogether.
      await edit([{ title: 'One', lessons: lessons(second.id) }]);
      await edit([{ title: 'One', lessons: lessons(null) }]);
      for (const doc of [first, second]) {
        for (const path of paths(doc)) {
          await expectRefused('guest', (p) => guest().get(p), path);
          await expectRefused('member who never enrolled', (p) => outsider.agent.get(p), path);
          await expectServed('teacher', (p) => teacher.agent.get(p), path);
          await expectServed('moderator', (p) => mod.agent.get(p), path);
          await expectServed('student of the course', (p) => student.agent.get(p), path);
        }
      }
    });
  },
  { ...IDENTITY_TEST_ENV, PAYMENTS_SANDBOX_DELAY_MS: '300' },
);
