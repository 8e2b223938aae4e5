import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import sharp from 'sharp';
import request from 'supertest';

import { newId } from '../../../src/platform/ids';
import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { BLOB_STORE, type BlobStore } from '../../media';
import { useVideoClips } from '../testing/video-clips';

const { clip, dir } = useVideoClips();

const mediaIdOf = (url: string) => /^\/media\/([0-9a-f-]{36})\//.exec(url)![1];

describeOnProfiles(
  'video posts and the video feed',
  (rt) => {
    const server = () => request(rt().http!.getHttpServer());
    const post = (m: Member) => m.agent.post('/api/posts/video').set('X-CSRF-Token', m.token);

    it('turns an HEVC clip into a playable H.264 post with a poster; comments off refuses comments; the video feed lists it', async () => {
      const m = await registerVerifiedMember(rt());
      const res = await post(m)
        .field('content', 'Friday reminder #jumuah')
        .field('userId', m.id)
        .field('allowComments', 'false')
        .field('videoDuration', '2')
        .field('videoWidth', '320')
        .field('videoHeight', '240')
        .field('videoSize', String(clip('hevc.mp4').length))
        .field('videoFormat', 'video/mp4')
        .attach('media', clip('hevc.mp4'), { filename: 'phone.mp4', contentType: 'video/mp4' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        type: 'media',
        content: 'Friday reminder #jumuah',
        hashtags: ['jumuah'],
        allowComments: false,
        user: { username: m.username },
      });
      const mediaId = mediaIdOf(res.body.videoUrl);
      expect(res.body.videoUrl).toBe(`/media/${mediaId}/video.mp4`);

      await rt().platform.jobQueue.idle();
      const detail = await eventually(
        () => server().get(`/api/posts/${res.body.id}`),
        (r) => r.body.videoDuration !== null && r.body.videoThumbnailUrl !== null,
        'post shows its video',
      );
      expect(detail.body).toMatchObject({
        videoUrl: `/media/${mediaId}/video.mp4`,
        videoThumbnailUrl: `/media/${mediaId}/poster`,
        allowComments: false,
      });
      const ready = await eventually(
        () => server().get(`/api/posts/${res.body.id}`),
        (r) => r.body.videoStatus === 'ready',
        'video ready on the post',
      );
      expect(ready.body).toMatchObject({ allowComments: false, audioUrl: null, documents: [] });
      const profilePosts = await server().get(`/api/profile/${m.username}/posts`).expect(200);
      expect(profilePosts.body.find((p: { id: string }) => p.id === res.body.id)).toMatchObject({
        allowComments: false,
        videoStatus: 'ready',
      });
      expect(detail.body.videoDuration).toBeCloseTo(2, 0);

      const played = await eventually(
        () => server().get(`/media/${mediaId}/video.mp4`).buffer(true),
        (r) => r.status === 200,
        'video served',
      );
      expect(played.headers['content-type']).toBe('video/mp4');
      const out = join(dir(), `${mediaId}.mp4`);
      writeFileSync(out, played.body as Buffer);
      const probe = JSON.parse(
        execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', out]).toString(),
      ) as { streams: { codec_type: string; codec_name: string; profile?: string; pix_fmt?: string }[] };
      expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        profile: 'High',
        pix_fmt: 'yuv420p',
      });
      expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      const bytes = played.body as Buffer;
      expect(bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
      expect(
        (await server().get(`/media/${mediaId}/poster`).set('Accept', 'image/webp').expect(200)).headers[
          'content-type'
        ],
      ).toBe('image/webp');

      const other = await registerVerifiedMember(rt());
      const refused = await other.agent
        .post(`/api/posts/${res.body.id}/comments`)
        .set('X-CSRF-Token', other.token)
        .send({ content: 'Barakallahu feek' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'Forbidden',
        message: 'Comments are turned off for this post',
        code: 'COMMENTS_DISABLED',
      });

      await other.agent.post(`/api/posts/${res.body.id}/like`).set('X-CSRF-Token', other.token).expect(200);
      const feed = await other.agent.get('/api/videos').expect(200);
      const item = feed.body.find((p: { id: string }) => p.id === res.body.id);
      expect(item).toMatchObject({
        id: res.body.id,
        videoUrl: `/media/${mediaId}/video.mp4`,
        videoThumbnailUrl: `/media/${mediaId}/poster`,
        content: 'Friday reminder #jumuah',
        user: { username: m.username },
        isLiked: true,
        likes: 1,
        comments: 0,
        allowComments: false,
      });
      expect(item.videoDuration).toBeCloseTo(2, 0);
    });

    it('shows the poster first and the video once processed (outcome events applied to the post)', async () => {
      const m = await registerVerifiedMember(rt());
      const blobs = rt().http!.get<BlobStore>(BLOB_STORE);
      const store = rt().platform.eventStore;
      const mediaId = newId();
      const postId = newId();
      const poster = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#0a5' } })
        .jpeg()
        .toBuffer();
      await blobs.put(`media/${mediaId}/poster-w320.jpg`, poster);
      const posterVariant = {
        name: 'poster-w320.jpg',
        key: `media/${mediaId}/poster-w320.jpg`,
        mime: 'image/jpeg',
        role: 'poster',
        width: 320,
        height: 180,
        bytes: poster.length,
      };
      const at = new Date().toISOString();
      // What the worker records midway: uploaded, then the poster, while the transcode still runs.
      await store.appendToStream(
        `media-${mediaId}`,
        [
          {
            type: 'MediaUploaded',
            data: {
              mediaId,
              ownerId: m.id,
              kind: 'video',
              mime: 'video/mp4',
              ext: 'mp4',
              bytes: 1,
              sha256: 's',
              originalKey: `media/${mediaId}/original.mp4`,
              purpose: 'video-post',
              maxDurationSeconds: 90,
              uploadedAt: at,
            },
          },
          {
            type: 'MediaPosterPrepared',
            data: { mediaId, width: 320, height: 180, durationSeconds: 1, variants: [posterVariant], preparedAt: at },
          },
        ],
        'no_stream',
      );
      await store.appendToStream(
        `post-${postId}`,
        [
          {
            type: 'PostCreated',
            data: {
              postId,
              userId: m.id,
              type: 'media',
              content: 'Poster first',
              hashtags: [],
              mentions: [],
              poll: null,
              quotedPostId: null,
              imageCaptions: [],
              media: [{ id: mediaId, kind: 'video' }],
              limited: false,
              createdAt: at,
            },
          },
        ],
        'no_stream',
      );

      const first = await eventually(
        () => server().get(`/api/posts/${postId}`),
        (r) => r.status === 200 && r.body.videoThumbnailUrl !== null,
        'poster shown',
      );
      expect(first.body).toMatchObject({
        videoThumbnailUrl: `/media/${mediaId}/poster`,
        videoUrl: `/media/${mediaId}/video.mp4`,
        videoDuration: 1,
        videoStatus: 'processing',
        allowComments: true,
      });
      expect((await server().get(`/media/${mediaId}/poster`).expect(200)).headers['content-type']).toBe('image/jpeg');
      const early = await server().get(`/media/${mediaId}/video.mp4`);
      expect(early.status).toBe(404);
      expect(early.body.code).toBe('MEDIA_PROCESSING');
      expect((await server().get('/api/videos')).body.map((p: { id: string }) => p.id)).not.toContain(postId);
      // Comments stay open on a post the composer did not close.
      await m.agent
        .post(`/api/posts/${postId}/comments`)
        .set('X-CSRF-Token', m.token)
        .send({ content: 'first' })
        .expect(201);

      await blobs.put(`media/${mediaId}/video.mp4`, clip('safe.mp4'));
      await store.appendToStream(
        `media-${mediaId}`,
        [
          {
            type: 'MediaProcessed',
            data: {
              mediaId,
              width: 64,
              height: 48,
              durationSeconds: 1.2,
              processedAt: at,
              variants: [
                {
                  name: 'video.mp4',
                  key: `media/${mediaId}/video.mp4`,
                  mime: 'video/mp4',
                  role: 'video',
                  width: 64,
                  height: 48,
                  bytes: 1,
                },
                posterVariant,
              ],
            },
          },
        ],
        1,
      );
      const listed = await eventually(
        () => server().get('/api/videos'),
        (r) => r.body.some((p: { id: string }) => p.id === postId),
        'listed in the video feed',
      );
      expect(listed.body.find((p: { id: string }) => p.id === postId)).toMatchObject({
        videoDuration: 1.2,
        comments: 1,
        allowComments: true,
      });
      // The media read model follows the log on its own: it may apply the outcome a moment after the video feed.
      await eventually(
        () => server().get(`/media/${mediaId}/video.mp4`),
        (r) => r.status === 200,
        'the video served',
      );
      expect((await server().get(`/api/posts/${postId}`).expect(200)).body.videoStatus).toBe('ready');
    });
  },
  IDENTITY_TEST_ENV,
);
