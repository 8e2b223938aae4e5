import { type ClipSpec, testClip } from '@testing/clips';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { pngBomb } from '@testing/png-bomb';
import { registerVerifiedMember } from '@testing/verified-member';
import sharp from 'sharp';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { describeOnProfiles } from '../../../src/testing/profiles';

/** Voice notes as browsers record them (Opus in a live WebM, AAC in a fragmented 'isom' MP4) and a tiny clip. */
const CLIPS: Record<string, ClipSpec> = {
  'voice.webm': { seconds: 1, format: 'webm', layout: 'live' },
  'voice.mp4': { seconds: 1, layout: 'fragmented' },
  'clip.webm': { size: '64x48', rate: 5, seconds: 1, format: 'webm' },
};
const file = (name: string) => testClip(CLIPS[name]!).bytes;
beforeAll(() => {
  for (const spec of Object.values(CLIPS)) testClip(spec);
}, 60_000);

const png = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 120, b: 60 } } })
    .png()
    .toBuffer();

/** Jobs done and the media projection caught up: the item is served. */
async function whenProcessed(rt: Runtime, mediaId: string) {
  await rt.platform.jobQueue.idle();
  for (let i = 0; i < 100; i++) {
    const doc = await rt.readModels.collection('media').get(mediaId);
    if (doc && doc.status !== 'processing') return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('media never finished processing');
}

const mediaCount = (rt: Runtime, m: Member) => rt.readModels.collection('media').count({ ownerId: m.id });
const idOf = (url: string) => /^\/media\/([0-9a-f-]{36})(\/|$)/.exec(url)![1];

describeOnProfiles(
  'posts and comments with media',
  (rt) => {
    const server = () => rt().http!.getHttpServer();

    it('stores two images on a post, serves them once processed, and lists the post on the media tab', async () => {
      const m = await registerVerifiedMember(rt());
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'Two pictures')
        .field('imageCaptions', JSON.stringify(['first', 'second']))
        .attach('media', await png(10), 'a.png')
        .attach('media', await png(200), 'b.png');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        type: 'media',
        imageCaptions: ['first', 'second'],
        videoUrl: null,
        audioUrl: null,
      });
      const urls: string[] = res.body.imageUrls;
      expect(urls).toHaveLength(2);
      for (const url of urls) expect(url).toMatch(/^\/media\/[0-9a-f-]{36}$/);
      expect(res.body.imageUrl).toBe(urls[0]);
      for (const url of urls) {
        expect((await whenProcessed(rt(), idOf(url)!)).status).toBe('ready');
        const served = await request(server()).get(url).expect(200);
        expect(served.headers['content-type']).toMatch(/^image\//);
      }
      expect((await request(server()).get(`/api/posts/${res.body.id}`).expect(200)).body.imageUrls).toEqual(urls);
      const text = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .send({ content: 'no media' })
        .expect(201);
      const tab = await request(server()).get(`/api/profile/${m.username}/media`).expect(200);
      expect(tab.body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
      expect(tab.body.map((p: { id: string }) => p.id)).not.toContain(text.body.id);
    });

    it('accepts images without text', async () => {
      const m = await registerVerifiedMember(rt());
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .attach('media', await png(5), 'only.png');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ content: '', imageUrls: [expect.stringMatching(/^\/media\//)] });
      await rt().platform.jobQueue.idle();
    });

    it('refuses five images with 400 and stores none of them', async () => {
      const m = await registerVerifiedMember(rt());
      let req = m.agent.post('/api/posts').set('X-CSRF-Token', m.token).field('content', 'Too many');
      for (let i = 0; i < 5; i++) req = req.attach('media', await png(i * 40), `p${i}.png`);
      const res = await req;
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'You can upload up to 4 images per post.', code: 'TOO_MANY_IMAGES' });
      expect(await mediaCount(rt(), m)).toBe(0);
      expect((await request(server()).get(`/api/profile/${m.username}/posts`).expect(200)).body).toEqual([]);
    });

    // A text file is an accepted document (spec part 1 §5: pdf, doc, docx, txt) whatever its name, so the
    // file that must be refused here is one of no accepted type: an executable renamed .png.
    it('refuses a renamed non-media file with 415 and stores nothing, not even the valid image beside it', async () => {
      const m = await registerVerifiedMember(rt());
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'Sneaky')
        .attach('media', await png(1), 'fine.png')
        .attach('media', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]), {
          filename: 'notes.png',
          contentType: 'image/png',
        });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        message: 'notes.png is not a supported format',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await mediaCount(rt(), m)).toBe(0);
    });

    it('refuses files whose bytes are not the image they claim to be, and decompression bombs; stores nothing', async () => {
      const m = await registerVerifiedMember(rt());
      const hostile: Array<[Buffer, string, string, number]> = [
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'logo.svg',
          'image/svg+xml',
          415,
        ],
        [
          Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
          'page.png',
          'image/png',
          415,
        ],
        [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'run.jpg', 'image/jpeg', 415],
        [pngBomb(20_000, 20_000), 'bomb.png', 'image/png', 422],
      ];
      for (const [bytes, filename, contentType, status] of hostile) {
        const res = await m.agent
          .post('/api/posts')
          .set('X-CSRF-Token', m.token)
          .field('content', 'Look')
          .attach('media', bytes, { filename, contentType });
        expect([filename, res.status]).toEqual([filename, status]);
        if (status === 415) expect(res.body.message).toBe(`${filename} is not a supported format`);
      }
      expect(await mediaCount(rt(), m)).toBe(0);
      // The same text under its own name is a document, as before.
      await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'Notes')
        .attach('media', Buffer.from('plain notes\n'), { filename: 'notes.txt', contentType: 'text/plain' })
        .expect(201);
    });

    it('keeps an unverified member text only: their files are not stored', async () => {
      const m = await registerMember(rt());
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'Hello')
        .attach('media', await png(3), 'a.png');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ type: 'text', imageUrls: [], limited: true });
      expect(await mediaCount(rt(), m)).toBe(0);
    });

    it('adds a comment with an image, and one with only an image', async () => {
      const [owner, commenter] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const post = await owner.agent
        .post('/api/posts')
        .set('X-CSRF-Token', owner.token)
        .send({ content: 'Comment on me' })
        .expect(201);
      const withText = await commenter.agent
        .post(`/api/posts/${post.body.id}/comments`)
        .set('X-CSRF-Token', commenter.token)
        .field('content', 'Look at this')
        .attach('media', await png(90), 'c.png');
      expect(withText.status).toBe(201);
      expect(withText.body).toMatchObject({
        content: 'Look at this',
        imageUrl: expect.stringMatching(/^\/media\/[0-9a-f-]{36}$/),
        videoUrl: null,
      });
      const onlyImage = await commenter.agent
        .post(`/api/posts/${post.body.id}/comments`)
        .set('X-CSRF-Token', commenter.token)
        .attach('media', await png(91), 'd.png');
      expect(onlyImage.status).toBe(201);
      expect(onlyImage.body.imageUrl).toMatch(/^\/media\//);
      await whenProcessed(rt(), idOf(withText.body.imageUrl)!);
      await request(server()).get(withText.body.imageUrl).expect(200);
      const list = await request(server()).get(`/api/posts/${post.body.id}/comments`).expect(200);
      expect(list.body.map((c: { imageUrl: string | null }) => c.imageUrl)).toEqual([
        withText.body.imageUrl,
        onlyImage.body.imageUrl,
      ]);
      await rt().platform.jobQueue.idle();
    });

    it("takes a voice note recorded as audio/webm or audio/mp4 as the post's audio, not its video", async () => {
      const m = await registerVerifiedMember(rt());
      for (const [name, mime, ext] of [
        ['voice.webm', 'audio/webm', 'webm'],
        ['voice.mp4', 'audio/mp4', 'm4a'],
      ]) {
        const res = await m.agent
          .post('/api/posts')
          .set('X-CSRF-Token', m.token)
          .field('content', 'Listen')
          .attach('media', file(name!), { filename: name, contentType: mime });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          type: 'media',
          videoUrl: null,
          videoStatus: null,
          videoThumbnailUrl: null,
          imageUrls: [],
          documents: [],
        });
        expect(res.body.audioUrl).toMatch(new RegExp(`^/media/[0-9a-f-]{36}/original\\.${ext}$`));
        const doc = await whenProcessed(rt(), idOf(res.body.audioUrl)!);
        expect(doc).toMatchObject({ kind: 'audio', mime, status: 'ready' });
        expect(doc.durationSeconds as number).toBeCloseTo(1, 0);
        const served = await request(server()).get(res.body.audioUrl).expect(200);
        expect(served.headers['content-type']).toBe(mime);
        expect(served.headers['content-disposition']).toBeUndefined();
      }
    });

    it("lets a voice note sit beside the post's one video, still refusing a second video", async () => {
      const m = await registerVerifiedMember(rt());
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'Clip and commentary')
        .attach('media', file('clip.webm'), 'clip.webm')
        .attach('media', file('voice.webm'), { filename: 'voice.webm', contentType: 'audio/webm' });
      expect(res.status).toBe(201);
      // Processing while the clip is transcoded (ready already only on a very quick worker).
      expect(res.body).toMatchObject({
        videoUrl: expect.stringMatching(/\/video\.mp4$/),
        audioUrl: expect.stringMatching(/\/original\.webm$/),
        videoStatus: expect.stringMatching(/^(processing|ready)$/),
        allowComments: true,
      });
      await whenProcessed(rt(), idOf(res.body.videoUrl)!);
      const detail = (await request(server()).get(`/api/posts/${res.body.id}`).expect(200)).body;
      expect(detail).toMatchObject({
        videoStatus: 'ready',
        videoThumbnailUrl: expect.stringMatching(/\/poster$/),
        allowComments: true,
      });
      // A clip the worker cannot read says so, rather than staying "processing" forever.
      const broken = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .attach('media', file('clip.webm').subarray(0, 200), 'broken.webm')
        .expect(201);
      expect((await whenProcessed(rt(), idOf(broken.body.videoUrl)!)).status).toBe('failed');
      expect((await request(server()).get(`/api/posts/${broken.body.id}`).expect(200)).body).toMatchObject({
        videoStatus: 'failed',
        audioUrl: null,
      });
      const two = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .attach('media', file('clip.webm'), 'a.webm')
        .attach('media', file('clip.webm'), 'b.webm');
      expect([two.status, two.body.message]).toEqual([400, 'You can upload only one video per post.']);
    });

    it("lists a post's documents with name, type and size, downloaded as attachments under their name", async () => {
      const m = await registerVerifiedMember(rt());
      const notes = Buffer.from('Notes from the halaqa\n');
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'Reading list')
        .attach('media', notes, { filename: 'notes.txt', contentType: 'text/plain' })
        .attach('media', pdf, { filename: 'tafsir.pdf', contentType: 'application/pdf' });
      expect(res.status).toBe(201);
      expect(res.body.documents).toEqual([
        {
          url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/original\.txt$/),
          name: 'notes.txt',
          mime: 'text/plain; charset=utf-8',
          bytes: notes.length,
        },
        {
          url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/original\.pdf$/),
          name: 'tafsir.pdf',
          mime: 'application/pdf',
          bytes: pdf.length,
        },
      ]);
      expect(res.body).toMatchObject({ imageUrls: [], videoUrl: null, audioUrl: null, videoStatus: null });
      const [txt] = res.body.documents as { url: string }[];
      await whenProcessed(rt(), idOf(txt!.url)!);
      const served = await request(server()).get(txt!.url).buffer(true).expect(200);
      expect(served.headers['content-disposition']).toBe(
        `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
      );
      expect(Buffer.from(served.text)).toEqual(notes);
      expect((await request(server()).get(`/api/posts/${res.body.id}`).expect(200)).body.documents).toEqual(
        res.body.documents,
      );
    });

    it('returns every file of a comment: images, audio, the video with its poster once ready', async () => {
      const [owner, commenter] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const post = await owner.agent
        .post('/api/posts')
        .set('X-CSRF-Token', owner.token)
        .send({ content: 'Share your recitation' })
        .expect(201);
      const res = await commenter.agent
        .post(`/api/posts/${post.body.id}/comments`)
        .set('X-CSRF-Token', commenter.token)
        .field('content', 'Surah Al-Asr')
        .attach('media', await png(20), 'a.png')
        .attach('media', await png(40), 'b.png')
        .attach('media', file('voice.mp4'), { filename: 'voice.mp4', contentType: 'audio/mp4' })
        .attach('media', file('clip.webm'), 'clip.webm');
      expect(res.status).toBe(201);
      expect(res.body.imageUrls).toHaveLength(2);
      expect(res.body).toMatchObject({
        imageUrl: res.body.imageUrls[0],
        audioUrl: expect.stringMatching(/\/original\.m4a$/),
        videoUrl: expect.stringMatching(/\/video\.mp4$/),
        videoStatus: expect.stringMatching(/^(processing|ready)$/),
        documents: [],
      });
      await whenProcessed(rt(), idOf(res.body.videoUrl)!);
      await rt().platform.jobQueue.idle();
      const [listed] = (await request(server()).get(`/api/posts/${post.body.id}/comments`).expect(200)).body;
      expect(listed).toMatchObject({
        id: res.body.id,
        imageUrls: res.body.imageUrls,
        audioUrl: res.body.audioUrl,
        videoUrl: res.body.videoUrl,
        videoThumbnailUrl: `/media/${idOf(res.body.videoUrl)}/poster`,
        videoStatus: 'ready',
      });
      await request(server()).get(listed.audioUrl).expect(200);
    });
  },
  IDENTITY_TEST_ENV,
);
