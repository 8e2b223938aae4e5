import { signMediaLink, withMediaLink } from '@modules/media';
import type { MediaDoc } from '@projections/media';
import { IDENTITY_TEST_ENV, type Member } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { lessonMediaKit, NOT_FOUND, PRIVATE } from '../testing/lesson-media';

describeOnProfiles(
  "a paid lesson's media: signed links",
  (rt) => {
    const kit = lessonMediaKit(rt);
    const { guest, secret, learn, lessonOf, videoOf, paths, expectServed, expectRefused, signedPath } = kit;
    let mod: Member;
    let teacher: Member;
    let student: Member;
    let outsider: Member;
    let paid: MediaDoc;
    let preview: MediaDoc;
    let courseId: string;
    beforeAll(() => ({ mod, teacher, student, outsider, paid, preview, courseId } = kit.made()));

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
  },
  { ...IDENTITY_TEST_ENV, PAYMENTS_SANDBOX_DELAY_MS: '300' },
);
