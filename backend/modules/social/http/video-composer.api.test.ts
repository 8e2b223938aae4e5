import { createHash } from 'node:crypto';

import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { newId } from '../../../src/platform/ids';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { useVideoClips } from '../testing/video-clips';

const MB = 1024 * 1024;
const { clip } = useVideoClips();

describeOnProfiles(
  'video composer: refusals and drafts',
  (rt) => {
    const server = () => request(rt().http!.getHttpServer());
    const post = (m: Member) => m.agent.post('/api/posts/video').set('X-CSRF-Token', m.token);
    const mediaCount = (m: Member) => rt().readModels.collection('media').count({ ownerId: m.id });

    it('refuses every bad clip with the composer texts, storing nothing', async () => {
      const m = await registerVerifiedMember(rt());
      const cases: [string, Buffer, number, string][] = [
        ['long.mp4', clip('long.mp4'), 422, 'Video must be 90 seconds or shorter'],
        ['voice.mp4', clip('voice.mp4'), 422, 'File appears to be audio-only or corrupted'],
        // A WebM and an executable, both named .mp4 and sent as video/mp4: the bytes decide.
        ['clip.mp4', clip('clip.webm'), 415, 'Only MP4 format is supported'],
        [
          'setup.mp4',
          Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]),
          415,
          'Only MP4 format is supported',
        ],
        ['cut.mp4', clip('safe.mp4').subarray(0, 40), 422, 'Video file is corrupted or invalid'],
      ];
      for (const [name, bytes, status, message] of cases) {
        const res = await post(m)
          .field('content', 'x')
          .attach('media', bytes, { filename: name, contentType: 'video/mp4' });
        expect([name, res.status, res.body.message]).toEqual([name, status, message]);
      }
      const long = await post(m).field('content', 'x'.repeat(2201)).attach('media', clip('safe.mp4'), 'a.mp4');
      expect([long.status, long.body.message]).toEqual([400, 'Caption must be 2200 characters or less.']);
      const none = await post(m).field('content', 'no video');
      expect([none.status, none.body.message]).toEqual([400, 'Please select a video and ensure you are logged in.']);
      const two = await post(m)
        .field('content', 'two')
        .attach('media', clip('safe.mp4'), 'a.mp4')
        .attach('media', clip('safe.mp4'), 'b.mp4');
      expect([two.status, two.body.message]).toEqual([400, 'You can upload only one video per post.']);
      const flag = await post(m).field('allowComments', 'maybe').attach('media', clip('safe.mp4'), 'a.mp4');
      expect([flag.status, flag.body.message]).toEqual([400, 'allowComments must be true or false']);
      expect(await mediaCount(m)).toBe(0);

      const unverified = await registerMember(rt());
      const limited = await post(unverified).field('content', 'hi').attach('media', clip('safe.mp4'), 'a.mp4');
      expect([limited.status, limited.body.message]).toEqual([403, 'Verify your email to post videos.']);
    });

    it('cuts a clip over 100MB off at the limit with 413', async () => {
      const m = await registerVerifiedMember(rt());
      const huge = Buffer.alloc(100 * MB + 1);
      clip('safe.mp4').copy(huge);
      const res = await post(m)
        .field('content', 'big')
        .attach('media', huge, { filename: 'big.mp4', contentType: 'video/mp4' });
      expect([res.status, res.body.message]).toEqual([413, 'Video file must be 100MB or smaller']);
      expect(await mediaCount(m)).toBe(0);
    }, 30_000);

    it('posts a clip sent through the chunked upload API by its mediaId; nobody else may use it', async () => {
      const m = await registerVerifiedMember(rt());
      const bytes = clip('safe.mp4');
      const started = await m.agent
        .post('/api/uploads/init')
        .set('X-CSRF-Token', m.token)
        .send({
          filename: 'safe.mp4',
          fileSize: bytes.length,
          fileType: 'video/mp4',
          totalChunks: Math.ceil(bytes.length / MB),
          checksum: createHash('sha256').update(bytes).digest('hex'),
          purpose: 'video-post',
        });
      expect(started.status).toBe(201);
      for (let i = 0; i * MB < bytes.length; i++) {
        const part = bytes.subarray(i * MB, Math.min(bytes.length, (i + 1) * MB));
        await m.agent
          .post(`/api/uploads/${started.body.uploadId}/chunk/${i}`)
          .set('X-CSRF-Token', m.token)
          .set('Content-Type', 'application/octet-stream')
          .set('Content-Range', `bytes ${i * MB}-${i * MB + part.length - 1}/${bytes.length}`)
          .send(part)
          .expect(201);
      }
      const done = await m.agent
        .post(`/api/uploads/${started.body.uploadId}/finalize`)
        .set('X-CSRF-Token', m.token)
        .expect(200);
      const other = await registerVerifiedMember(rt());
      const stolen = await post(other).field('content', 'mine').field('mediaId', done.body.mediaId);
      expect([stolen.status, stolen.body.message]).toEqual([
        400,
        'The uploaded video was not found. Please upload it again.',
      ]);
      const res = await post(m).field('content', 'Chunked clip').field('mediaId', done.body.mediaId);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ content: 'Chunked clip', videoUrl: `/media/${done.body.mediaId}/video.mp4` });
    });

    it("posts a clip into the author's community, a private one for its members only; anyone else is refused before the clip is stored", async () => {
      const [owner, outsider] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const circle = (
        await owner.agent
          .post('/api/communities')
          .set('X-CSRF-Token', owner.token)
          .send({
            name: `Hifz circle ${owner.id.slice(-6)}`,
            description: 'Revising together after Fajr',
            rules: [],
            category: 'study_circle',
            city: 'Nairobi',
            privacy: 'private',
          })
          .expect(201)
      ).body.community as { id: string; slug: string };
      const before = await mediaCount(outsider);
      for (const [communityId, status, code] of [
        [circle.id, 403, 'NOT_COMMUNITY_MEMBER'],
        [newId(), 404, 'COMMUNITY_NOT_FOUND'],
        ['the-circle', 400, 'VALIDATION_FAILED'],
      ] as const) {
        const refused = await post(outsider)
          .field('content', 'Sneaking in')
          .field('communityId', communityId)
          .attach('media', clip('safe.mp4'), 'a.mp4');
        expect([communityId, refused.status, refused.body.code]).toEqual([communityId, status, code]);
      }
      expect(await mediaCount(outsider)).toBe(before);

      const res = await post(owner)
        .field('content', 'Surah Al-Mulk, revised')
        .field('communityId', circle.id)
        .attach('media', clip('safe.mp4'), 'a.mp4')
        .expect(201);
      expect(res.body.community).toMatchObject({ id: circle.id, slug: circle.slug, privacy: 'private' });
      const feed = await owner.agent.get(`/api/communities/${circle.slug}/posts`).expect(200);
      expect(feed.body.posts.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
      await owner.agent.get(`/api/posts/${res.body.id as string}`).expect(200);
      await outsider.agent.get(`/api/posts/${res.body.id as string}`).expect(404);
      await server()
        .get(`/api/posts/${res.body.id as string}`)
        .expect(404);
    });

    it('keeps drafts on the server: save, overwrite, list newest first, delete; owners only', async () => {
      const m = await registerVerifiedMember(rt());
      const save = (body: Record<string, unknown>, who = m) =>
        who.agent.post('/api/posts/video/drafts').set('X-CSRF-Token', who.token).send(body);
      const empty = await save({});
      expect([empty.status, empty.body.message]).toEqual([
        400,
        'Nothing to save: Add a video or caption to save as draft.',
      ]);
      const a = await save({
        caption: 'Tafsir clip',
        allowComments: false,
        videoFile: { name: 'tafsir.mp4', size: 2048, type: 'video/mp4' },
        metadata: { width: 1080, height: 1920, duration: 42 },
      });
      expect(a.status).toBe(201);
      expect(a.body).toMatchObject({
        caption: 'Tafsir clip',
        allowComments: false,
        videoFile: { name: 'tafsir.mp4', size: 2048, type: 'video/mp4' },
        metadata: { duration: 42 },
        mediaId: null,
      });
      const b = await save({ caption: 'Second' });
      expect(b.status).toBe(201);
      const edited = await save({ id: a.body.id, caption: 'Tafsir clip, edited' });
      expect(edited.status).toBe(201);
      expect(edited.body).toMatchObject({ id: a.body.id, createdAt: a.body.createdAt, caption: 'Tafsir clip, edited' });
      const list = await m.agent.get('/api/posts/video/drafts').expect(200);
      expect(list.body.map((d: { caption: string }) => d.caption)).toEqual(['Tafsir clip, edited', 'Second']);

      const other = await registerVerifiedMember(rt());
      expect((await save({ id: a.body.id, caption: 'mine now' }, other)).status).toBe(404);
      expect(
        (await other.agent.delete(`/api/posts/video/drafts/${a.body.id}`).set('X-CSRF-Token', other.token)).status,
      ).toBe(404);
      expect((await other.agent.get('/api/posts/video/drafts').expect(200)).body).toEqual([]);
      expect((await save({ caption: 'x', mediaId: newId() })).body.message).toBe(
        'The video of this draft was not found',
      );
      expect((await save({ caption: 'x'.repeat(2201) })).body.message).toBe('Caption must be 2200 characters or less.');

      await m.agent.delete(`/api/posts/video/drafts/${a.body.id}`).set('X-CSRF-Token', m.token).expect(200);
      expect((await m.agent.get('/api/posts/video/drafts').expect(200)).body.map((d: { id: string }) => d.id)).toEqual([
        b.body.id,
      ]);
      expect((await server().get('/api/posts/video/drafts')).status).toBe(401);
    });
  },
  IDENTITY_TEST_ENV,
);
