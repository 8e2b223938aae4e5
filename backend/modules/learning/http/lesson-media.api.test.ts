import { MediaIngestService, signMediaLink, withMediaLink } from '@modules/media';
import type { ServerSecret } from '@platform/http/security/server-secret';
import { SERVER_SECRET } from '@platform/tokens';
import type { MediaDoc } from '@projections/media';
import { testClip } from '@testing/clips';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import sharp from 'sharp';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { enrolmentStream } from '../events';
import { OrderFulfilment } from '../order-fulfilment.reactor';
import { commerceClient } from '../testing/commerce-fixtures';
import { approvedTeacher, courseBody, createCourse, enrol, moderator } from '../testing/courses';
import type { LearnView } from '../views';

const PRIVATE = 'private, no-store';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FOUND = { error: 'Not Found', message: 'Media not found', code: 'NOT_FOUND' };

/** A 1 s H.264 clip. */
const clip = () => testClip({ size: '320x240', rate: 15, seconds: 1 }).bytes;

/** Jobs done and the media projection caught up: the item is ready or failed. */
async function whenDone(rt: Runtime, mediaId: string): Promise<MediaDoc> {
  await rt.platform.jobQueue.idle();
  return eventually(
    () => rt.readModels.collection<MediaDoc>('media').get(mediaId),
    (doc) => !!doc && doc.status !== 'processing',
    `media ${mediaId} processed`,
  ) as Promise<MediaDoc>;
}

describeOnProfiles(
  "a paid lesson's media",
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const guest = () => request(server());
    const secret = () => rt().http!.get<symbol, ServerSecret>(SERVER_SECRET);
    const { post, types, order } = commerceClient(rt);
    const learn = async (m: Member, courseId: string) =>
      (await m.agent.get(`/api/courses/${courseId}/learn`).expect(200)).body as LearnView;
    const lessonOf = (view: LearnView, title: string) =>
      view.sections.flatMap((s) => s.lessons).find((l) => l.title === title)!;
    const videoOf = (view: LearnView, title: string) => {
      const content = lessonOf(view, title).content;
      if (content?.kind !== 'video') throw new Error(`${title}: no video content (${JSON.stringify(content)})`);
      return content;
    };

    let mod: Member;
    let teacher: Member;
    let student: Member;
    let outsider: Member;
    let paid: MediaDoc;
    let preview: MediaDoc;
    let courseId: string;
    /** Every way to fetch an item's files: the best file, the MP4, the negotiated poster, a poster file. */
    let paths: (doc: MediaDoc) => string[];

    /** A clip the teacher uploads, once processed. */
    const ingest = async (filename: string) => {
      const media = await rt()
        .http!.get(MediaIngestService)
        .ingest({ ownerId: teacher.id, source: { buffer: clip() }, purpose: 'post', filename }, { actor: teacher.id });
      return whenDone(rt(), media.id);
    };

    beforeAll(async () => {
      mod = await moderator(rt());
      teacher = await approvedTeacher(rt(), mod);
      [student, outsider] = await Promise.all([registerMember(rt()), registerMember(rt())]);
      [paid, preview] = [await ingest('paid.mp4'), await ingest('preview.mp4')];
      expect([paid.status, preview.status]).toEqual(['ready', 'ready']);
      paths = (doc) => {
        const posterFile = doc.variants.find((v) => v.role === 'poster')!.name;
        return [
          `/media/${doc.id}`,
          `/media/${doc.id}/video.mp4`,
          `/media/${doc.id}/poster`,
          `/media/${doc.id}/${posterFile}`,
        ];
      };
      courseId = await createCourse(
        teacher,
        courseBody({
          price: '1500',
          sections: [
            {
              title: 'Recitation',
              lessons: [
                {
                  title: 'Watch first',
                  durationSec: 60,
                  freePreview: true,
                  content: { kind: 'video', mediaId: preview.id },
                },
                { title: 'The paid lesson', durationSec: 60, content: { kind: 'video', mediaId: paid.id } },
              ],
            },
          ],
        }),
      );
      await enrol(rt(), courseId, teacher.id, student.id, false);
    });

    /** 200 in full and 206 for a range, stored by no cache. */
    async function expectServed(who: string, get: (path: string) => request.Test, path: string) {
      for (const range of [undefined, 'bytes=0-99']) {
        const res = await (range ? get(path).set('Range', range) : get(path));
        expect({ who, path, range, status: res.status }).toEqual({ who, path, range, status: range ? 206 : 200 });
        expect([who, path, res.headers['cache-control']]).toEqual([who, path, PRIVATE]);
        expect(res.headers.vary).toMatch(/\bCookie\b/);
        if (range) expect(res.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      }
    }

    /** Exactly what an unknown id answers, with or without a range. */
    async function expectRefused(who: string, get: (path: string) => request.Test, path: string) {
      for (const range of [undefined, 'bytes=0-99']) {
        const res = await (range ? get(path).set('Range', range) : get(path));
        expect({ who, path, range, status: res.status, body: res.body }).toEqual({
          who,
          path,
          range,
          status: 404,
          body: NOT_FOUND,
        });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }

    /** A new member who bought the course by card in the sandbox: paid, enrolled, and their learn view. */
    async function newBuyer() {
      const buyer = await registerMember(rt());
      const res = await post(buyer, '/api/checkout', { method: 'card', courseIds: [courseId], expectedTotal: '1500' });
      expect(res.status).toBe(201);
      const orderId = (res.body as { orderId: string }).orderId;
      await eventually(
        () => order(buyer, orderId),
        (o) => o.status === 'paid',
        'order paid',
      );
      const view = await eventually(
        () => learn(buyer, courseId),
        (v) => v.enrolled,
        'buyer enrolled',
      );
      return { buyer, orderId, view };
    }

    const signedPath = (view: LearnView, path: string) => {
      const url = videoOf(view, 'The paid lesson').url;
      return `${path}${url.slice(url.indexOf('?'))}`;
    };

    it("signs a paid lesson's URLs for the viewer, for 15 minutes at most; a free preview's stay plain", async () => {
      const before = Date.now();
      const view = await learn(student, courseId);
      const video = videoOf(view, 'The paid lesson');
      const exp = Math.floor(Date.parse(video.expiresAt!) / 1000);
      expect(video.url).toBe(
        `/media/${paid.id}/video.mp4?m=${student.id}&exp=${exp}&sig=${video.url.split('sig=')[1]}`,
      );
      expect(video.posterUrl).toBe(
        `/media/${paid.id}/poster?m=${student.id}&exp=${exp}&sig=${video.url.split('sig=')[1]}`,
      );
      expect(exp * 1000 - before).toBeGreaterThan(60_000);
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);
      expect(videoOf(view, 'Watch first')).toEqual({
        kind: 'video',
        url: `/media/${preview.id}/video.mp4`,
        posterUrl: `/media/${preview.id}/poster`,
        expiresAt: null,
      });
      // The teacher's own view is signed for the teacher.
      expect(videoOf(await learn(teacher, courseId), 'The paid lesson').url).toContain(`m=${teacher.id}&`);
      // Someone who has not enrolled sees the lesson locked, without any URL.
      expect(lessonOf(await learn(outsider, courseId), 'The paid lesson')).toMatchObject({
        locked: true,
        content: null,
      });
    });

    it('serves the student (by link or by session), the teacher and a moderator, privately, with ranges', async () => {
      const view = await learn(student, courseId);
      for (const path of paths(paid)) {
        await expectServed('student, link without a cookie', (p) => guest().get(signedPath(view, p)), path);
        await expectServed('student, own session', (p) => student.agent.get(p), path);
        await expectServed('student, session and own link', (p) => student.agent.get(signedPath(view, p)), path);
        await expectServed('teacher', (p) => teacher.agent.get(p), path);
        await expectServed('moderator', (p) => mod.agent.get(p), path);
      }
      // The negotiated poster keeps its parameters beside the link.
      const sized = await guest()
        .get(`${signedPath(view, `/media/${paid.id}/poster`)}&w=160&f=jpeg`)
        .expect(200);
      expect(sized.headers['content-type']).toBe('image/jpeg');
      expect(sized.headers['cache-control']).toBe(PRIVATE);
    });

    it('refuses a guest, a member who never enrolled, and anyone with a link moved to them', async () => {
      const view = await learn(student, courseId);
      for (const path of paths(paid)) {
        await expectRefused('guest', (p) => guest().get(p), path);
        await expectRefused('member who never enrolled', (p) => outsider.agent.get(p), path);
        // The student's link in another member's session is not theirs to use.
        await expectRefused('outsider with the student’s link', (p) => outsider.agent.get(signedPath(view, p)), path);
        // Re-signed for the outsider by hand: the MAC no longer matches.
        await expectRefused(
          'link with the member swapped',
          (p) => guest().get(signedPath(view, p).replace(`m=${student.id}`, `m=${outsider.id}`)),
          path,
        );
      }
      // The status of an unknown item: nothing tells a paid lesson's media exists.
      const head = await guest().head(`/media/${paid.id}/video.mp4`);
      expect(head.status).toBe(404);
    });

    it('refuses a tampered, expired, too long or partial link', async () => {
      const url = videoOf(await learn(student, courseId), 'The paid lesson').url;
      const [base, query] = url.split('?') as [string, string];
      const q = Object.fromEntries(new URLSearchParams(query));
      const flipped = `${q.sig![0] === 'A' ? 'B' : 'A'}${q.sig!.slice(1)}`;
      const now = Math.floor(Date.now() / 1000);
      for (const [what, path] of [
        ['tampered MAC', `${base}?m=${q.m}&exp=${q.exp}&sig=${flipped}`],
        ['extended expiry', `${base}?m=${q.m}&exp=${Number(q.exp) + 3600}&sig=${q.sig}`],
        ['no MAC', `${base}?m=${q.m}&exp=${q.exp}`],
        ['link signed here for a day', withMediaLink(base, signMediaLink(secret(), paid.id, student.id, now + 86_400))],
        [
          'link signed for another item',
          withMediaLink(base, signMediaLink(secret(), preview.id, student.id, now + 300)),
        ],
      ] as const) {
        const res = await guest().get(path);
        expect([what, res.status, res.body]).toEqual([what, 404, NOT_FOUND]);
      }
      const expired = withMediaLink(base, signMediaLink(secret(), paid.id, student.id, now - 1));
      for (const agent of [guest(), student.agent]) {
        const res = await agent.get(expired).set('Range', 'bytes=0-99');
        expect([res.status, res.body]).toEqual([
          403,
          { error: 'Forbidden', message: 'This media link has expired: reload the lesson', code: 'MEDIA_LINK_EXPIRED' },
        ]);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      // A fresh learn view renews it.
      const renewed = videoOf(await learn(student, courseId), 'The paid lesson').url;
      await guest().get(renewed).expect(200);
    });

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
