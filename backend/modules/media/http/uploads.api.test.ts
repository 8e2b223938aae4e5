import { createHash, randomBytes } from 'node:crypto';

import { testClip } from '@testing/clips';
import { type Member, registerMember } from '@testing/members';
import { pngBomb } from '@testing/png-bomb';
import sharp from 'sharp';
import request from 'supertest';

import { newId } from '../../../src/platform/ids';
import type { Runtime } from '../../../src/runtime';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { MediaRecovery } from '../ingest/media-recovery';
import type { BlobStore } from '../storage/blob-store.port';
import { BLOB_STORE } from '../tokens';
import { UploadsService } from '../uploads/uploads.service';

const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function noisyJpeg(): Promise<Buffer> {
  // Random pixels barely compress: about 2 MB, so the upload takes more than one chunk.
  const w = 1100;
  const h = 900;
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

async function init(m: Member, file: Buffer, extra: Record<string, unknown> = {}) {
  return m.agent
    .post('/api/uploads/init')
    .set('X-CSRF-Token', m.token)
    .send({
      filename: 'photo.jpg',
      fileSize: file.length,
      fileType: 'image/jpeg',
      totalChunks: Math.ceil(file.length / MB),
      checksum: sha(file),
      metadata: { width: 1100 },
      ...extra,
    });
}

function chunk(m: Member, uploadId: string, file: Buffer, index: number) {
  const start = index * MB;
  const part = file.subarray(start, Math.min(file.length, start + MB));
  return m.agent
    .post(`/api/uploads/${uploadId}/chunk/${index}`)
    .set('X-CSRF-Token', m.token)
    .set('Content-Type', 'application/octet-stream')
    .set('Content-Range', `bytes ${start}-${start + part.length - 1}/${file.length}`)
    .send(part);
}

async function uploadAll(m: Member, file: Buffer, extra: Record<string, unknown> = {}) {
  const started = await init(m, file, extra);
  expect(started.status).toBe(201);
  for (let i = 0; i < Math.ceil(file.length / MB); i++)
    expect((await chunk(m, started.body.uploadId, file, i)).status).toBe(201);
  return m.agent.post(`/api/uploads/${started.body.uploadId}/finalize`).set('X-CSRF-Token', m.token).send();
}

/** Jobs done and the media projection caught up: the item is served. */
async function whenReady(rt: Runtime, mediaId: string) {
  await rt.platform.jobQueue.idle();
  for (let i = 0; i < 100; i++) {
    const doc = await rt.readModels.collection('media').get(mediaId);
    if (doc && doc.status !== 'processing') return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('media never finished processing');
}

let clip: Buffer;
beforeAll(() => {
  clip = testClip({ size: '320x240', rate: 15, seconds: 2 }).bytes;
});

describeOnProfiles('chunked uploads and media serving', (rt) => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await noisyJpeg();
    expect(photo.length).toBeGreaterThan(MB);
    expect(photo.length).toBeLessThan(5 * MB);
  });

  it('uploads in chunks, resumes, treats a repeated chunk as 409, then serves variants', async () => {
    const m = await registerMember(rt());
    const started = await init(m, photo);
    expect(started.status).toBe(201);
    const { uploadId } = started.body;
    const n = Math.ceil(photo.length / MB);
    const all = Array.from({ length: n }, (_, i) => i);
    expect(started.body).toMatchObject({
      status: 'open',
      totalChunks: n,
      chunkSize: MB,
      uploadedChunks: [],
      missingChunks: all,
    });

    expect((await chunk(m, uploadId, photo, 0)).status).toBe(201);
    // Paused here: the client asks what the server already has and sends the rest.
    const resume = await m.agent.get(`/api/uploads/${uploadId}`).expect(200);
    expect(resume.body).toMatchObject({ uploadedChunks: [0], missingChunks: all.slice(1) });
    const early = await m.agent.post(`/api/uploads/${uploadId}/finalize`).set('X-CSRF-Token', m.token).send();
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'UPLOAD_INCOMPLETE', missingChunks: all.slice(1) });

    for (const i of all.slice(1)) expect((await chunk(m, uploadId, photo, i)).status).toBe(201);
    const again = await chunk(m, uploadId, photo, 1);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Conflict', message: 'Chunk 1 already uploaded', code: 'CHUNK_EXISTS' });

    const done = await m.agent
      .post(`/api/uploads/${uploadId}/finalize`)
      .set('X-CSRF-Token', m.token)
      .send()
      .expect(200);
    expect(done.body).toMatchObject({
      uploadId,
      media: { kind: 'image', mime: 'image/jpeg', status: 'processing', bytes: photo.length },
    });
    const mediaId = done.body.mediaId as string;
    // Finalizing twice answers the same media.
    expect(
      (await m.agent.post(`/api/uploads/${uploadId}/finalize`).set('X-CSRF-Token', m.token).send().expect(200)).body
        .mediaId,
    ).toBe(mediaId);

    const doc = await whenReady(rt(), mediaId);
    expect(doc).toMatchObject({ status: 'ready', width: 1100, height: 900, ownerId: m.id });
    const server = request(rt().http!.getHttpServer());
    const avif = await server.get(`/media/${mediaId}`).set('Accept', 'image/avif,image/webp,*/*').expect(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toBe('Accept');
    const small = await server.get(`/media/${mediaId}?w=300&f=webp`).expect(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.body).metadata()).width).toBe(320);
    expect((await server.get(`/media/${mediaId}`).set('Accept', '*/*')).headers['content-type']).toBe('image/jpeg');
    const fixed = await server.get(`/media/${mediaId}/w640.jpg`).expect(200);
    expect(fixed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await server.get(`/media/${mediaId}?w=0`)).status).toBe(400);
    // The original (with its EXIF) is never served.
    expect((await server.get(`/media/${mediaId}/original.jpg`)).status).toBe(404);
    const events = await rt().platform.eventStore.readStream(`media-${mediaId}`);
    expect(events.map((e) => e.type)).toEqual(['MediaUploaded', 'MediaProcessed']);
  });

  it('refuses a checksum mismatch with 422 and keeps nothing', async () => {
    const m = await registerMember(rt());
    const started = await init(m, photo, { checksum: sha(Buffer.from('something else')) });
    const { uploadId } = started.body;
    for (let i = 0; i < Math.ceil(photo.length / MB); i++)
      expect((await chunk(m, uploadId, photo, i)).status).toBe(201);
    const res = await m.agent.post(`/api/uploads/${uploadId}/finalize`).set('X-CSRF-Token', m.token).send();
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CHECKSUM_MISMATCH');
    const blobs = rt().http!.get<BlobStore>(BLOB_STORE);
    expect(await blobs.list(`uploads/${uploadId}/`)).toEqual([]);
    expect((await m.agent.get(`/api/uploads/${uploadId}`)).body.status).toBe('rejected');
    expect((await chunk(m, uploadId, photo, 0)).status).toBe(404);
  });

  it('refuses oversize files at init with 413 and wrong declared types with 415', async () => {
    const m = await registerMember(rt());
    const big = (size: number, extra: Record<string, unknown> = {}) =>
      m.agent
        .post('/api/uploads/init')
        .set('X-CSRF-Token', m.token)
        .send({
          filename: 'talk.mp4',
          fileSize: size,
          fileType: 'video/mp4',
          totalChunks: Math.ceil(size / MB),
          checksum: 'a'.repeat(64),
          ...extra,
        });
    const over = await big(50 * MB + 1);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      error: 'Payload Too Large',
      message: 'talk.mp4 exceeds the 50MB limit',
      code: 'FILE_TOO_LARGE',
    });
    expect((await big(100 * MB, { purpose: 'video-post' })).status).toBe(201);
    expect((await big(100 * MB + 1, { purpose: 'video-post' })).body.message).toBe(
      'Video file must be 100MB or smaller',
    );
    expect((await big(MB, { purpose: 'video-post', fileType: 'video/webm' })).body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only MP4 format is supported',
    });
    expect((await big(6 * MB, { fileType: 'image/png', filename: 'big.png' })).body.message).toBe(
      'big.png exceeds the 5MB limit',
    );
    expect((await big(MB, { totalChunks: 3 })).status).toBe(400);
  });

  it('decides the type by content: an executable named photo.jpg is refused at finalize', async () => {
    const m = await registerMember(rt());
    const fake = Buffer.concat([Buffer.from('MZ'), randomBytes(2000)]);
    const res = await uploadAll(m, fake);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'photo.jpg is not a supported format' });
  });

  it('refuses text declared as an image at finalize, whatever its name, and a decompression bomb', async () => {
    const m = await registerMember(rt());
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const asImage = await uploadAll(m, html, { filename: 'upload', fileType: 'image/png' });
    expect(asImage.status).toBe(415);
    expect(asImage.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'upload is not a supported format' });
    const bomb = await uploadAll(m, pngBomb(20_000, 20_000), { filename: 'bomb.png', fileType: 'image/png' });
    expect(bomb.status).toBe(422);
    expect(bomb.body.code).toBe('IMAGE_TOO_LARGE');
  });

  it('lets only the owner touch an upload', async () => {
    const owner = await registerMember(rt());
    const other = await registerMember(rt());
    const { uploadId } = (await init(owner, photo)).body;
    expect((await chunk(other, uploadId, photo, 0)).status).toBe(403);
    expect((await other.agent.get(`/api/uploads/${uploadId}`)).status).toBe(403);
    expect(
      (await other.agent.post(`/api/uploads/${uploadId}/finalize`).set('X-CSRF-Token', other.token).send()).status,
    ).toBe(403);
    expect((await request(rt().http!.getHttpServer()).get(`/api/uploads/${uploadId}`)).status).toBe(401);
  });

  it('sweeps uploads abandoned for 24 hours (clock moved forward)', async () => {
    const m = await registerMember(rt());
    const { uploadId } = (await init(m, photo)).body;
    await chunk(m, uploadId, photo, 0);
    const uploads = rt().http!.get(UploadsService);
    const now = Date.now();
    expect((await uploads.sweep(new Date(now + 23 * 3600_000))).expired).toBe(0);
    expect((await m.agent.get(`/api/uploads/${uploadId}`)).body.uploadedChunks).toEqual([0]);
    const swept = await uploads.sweep(new Date(now + 25 * 3600_000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await rt().http!.get<BlobStore>(BLOB_STORE).list(`uploads/${uploadId}/`)).toEqual([]);
    expect((await m.agent.get(`/api/uploads/${uploadId}`)).body.status).toBe('expired');
    expect((await chunk(m, uploadId, photo, 1)).status).toBe(404);
  });

  it('transcodes a video post and serves it with byte ranges for seeking', async () => {
    const m = await registerMember(rt());
    const res = await uploadAll(m, clip, { filename: 'clip.mp4', fileType: 'video/mp4', purpose: 'video-post' });
    expect(res.status).toBe(200);
    const doc = await whenReady(rt(), res.body.mediaId);
    expect(doc).toMatchObject({ status: 'ready', kind: 'video', width: 320, height: 240 });
    expect(doc.durationSeconds as number).toBeCloseTo(2, 0);
    const server = request(rt().http!.getHttpServer());
    const whole = await server.get(`/media/${res.body.mediaId}/video.mp4`).buffer(true).expect(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = Number(whole.headers['content-length']);
    const part = await server
      .get(`/media/${res.body.mediaId}/video.mp4`)
      .set('Range', 'bytes=100-199')
      .buffer(true)
      .expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.headers['content-length']).toBe('100');
    expect((await server.get(`/media/${res.body.mediaId}/video.mp4`).set('Range', `bytes=${size}-`)).status).toBe(416);
    const poster = await server.get(`/media/${res.body.mediaId}/poster`).set('Accept', 'image/webp').expect(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });

  it('refuses a 91-second video post upload at finalize, keeping nothing', async () => {
    const m = await registerMember(rt());
    const long = testClip({ size: '32x32', rate: 1, seconds: 91, picture: 'black' }).bytes;
    const res = await uploadAll(m, long, {
      filename: 'long.mp4',
      fileType: 'video/mp4',
      purpose: 'video-post',
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VIDEO_TOO_LONG', message: 'Video must be 90 seconds or shorter' });
    expect(await rt().readModels.collection('media').count({ ownerId: m.id })).toBe(0);
  });
});

// The in-process queue of the embedded engine forgets its jobs with the process; BullMQ keeps them.
describeOnProfiles(
  'media a stopped process left processing',
  (rt) => {
    it('queues again, on start, media a stopped process left processing (the in-process queue forgets)', async () => {
      const m = await registerMember(rt());
      const blobs = rt().http!.get<BlobStore>(BLOB_STORE);
      const mediaId = newId();
      const key = `media/${mediaId}/original.jpg`;
      await blobs.put(
        key,
        await sharp({ create: { width: 50, height: 40, channels: 3, background: '#345' } })
          .jpeg()
          .toBuffer(),
      );
      // Recorded and stored, but the job died with the process that held it.
      await rt().platform.eventStore.appendToStream(
        `media-${mediaId}`,
        [
          {
            type: 'MediaUploaded',
            data: {
              mediaId,
              ownerId: m.id,
              kind: 'image',
              mime: 'image/jpeg',
              ext: 'jpg',
              bytes: 1,
              sha256: 's',
              originalKey: key,
              purpose: 'post',
              maxDurationSeconds: null,
              uploadedAt: new Date().toISOString(),
            },
          },
        ],
        'no_stream',
      );
      for (let i = 0; i < 100 && !(await rt().readModels.collection('media').get(mediaId)); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await rt().http!.get(MediaRecovery).requeue()).toBeGreaterThanOrEqual(1);
      expect(await whenReady(rt(), mediaId)).toMatchObject({ status: 'ready', width: 50, height: 40 });
    });
  },
  {},
  ['embedded'],
);
