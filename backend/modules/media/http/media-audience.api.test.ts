import type { MediaDoc } from '@projections/media';
import { testClip } from '@testing/clips';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import sharp from 'sharp';
import request from 'supertest';

import { CommandExecutor } from '../../../src/platform/decider/command-executor';
import { newId } from '../../../src/platform/ids';
import type { Runtime } from '../../../src/runtime';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { mediaDecider } from '../domain/media.decider';
import { originalKey, variantKey } from '../domain/media-keys';
import { mediaStream, type MediaUploadedData } from '../events';
import { type IngestRequest, MediaIngestService } from '../media-ingest.service';
import { MediaQueries } from '../queries/media.queries';
import type { BlobStore } from '../storage/blob-store.port';
import { BLOB_STORE } from '../tokens';

/** A 1 s H.264 clip. */
const clip = () => testClip({ size: '320x240', rate: 15, seconds: 1 }).bytes;

/** A served path, optionally with a byte range (answered 206). */
interface Route {
  path: string;
  range?: string;
}

type Visitor = { name: string; get: (route: Route) => request.Test; head: (path: string) => request.Test };

const UNKNOWN_HEADERS = [
  'content-type',
  'cache-control',
  'content-length',
  'content-disposition',
  'vary',
  'accept-ranges',
  'last-modified',
  'content-range',
];

describeOnProfiles(
  'media with an audience (direct-message files)',
  (rt) => {
    let amina: Member;
    let bilal: Member;
    let chadi: Member;
    let participants: Visitor[];
    let others: Visitor[];
    let photo: Buffer;
    const server = () => request(rt().http!.getHttpServer());
    const meta = (m: Member) => ({ actor: m.id, requestId: `test-${newId()}` });

    const visitor = (name: string, m: Member | null): Visitor => ({
      name,
      get: (route) => {
        const r = m ? m.agent.get(route.path) : server().get(route.path);
        return route.range ? r.set('Range', route.range) : r;
      },
      head: (path) => (m ? m.agent.head(path) : server().head(path)),
    });

    async function ingest(file: Buffer, filename: string, extra: Partial<IngestRequest> = {}): Promise<MediaDoc> {
      const media = await rt()
        .http!.get(MediaIngestService)
        .ingest({ ownerId: amina.id, source: { buffer: file }, purpose: 'post', filename, ...extra }, meta(amina));
      return whenDone(rt(), media.id);
    }
    const privately = (file: Buffer, filename: string) => ingest(file, filename, { audience: [amina.id, bilal.id] });

    /** The answer a participant gets: the bytes, for this viewer only. */
    async function expectServed(v: Visitor, route: Route, cache: string, mime?: string) {
      const res = await v.get(route);
      expect({ who: v.name, path: route.path, status: res.status }).toEqual({
        who: v.name,
        path: route.path,
        status: route.range ? 206 : 200,
      });
      expect(res.headers['cache-control']).toBe(cache);
      expect(res.headers.vary).toMatch(/\bCookie\b/);
      if (mime) expect(res.headers['content-type']).toBe(mime);
      expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
      return res;
    }

    /** The answer anyone else gets: exactly what the same path with an unknown id answers. */
    async function expectHidden(v: Visitor, id: string, route: Route) {
      const unknown = await v.get({ ...route, path: route.path.replace(id, newId()) });
      const res = await v.get(route);
      expect({ who: v.name, path: route.path, status: res.status, body: res.body }).toEqual({
        who: v.name,
        path: route.path,
        status: 404,
        body: unknown.body,
      });
      expect(res.body).toEqual({ error: 'Not Found', message: 'Media not found', code: 'NOT_FOUND' });
      for (const h of UNKNOWN_HEADERS)
        expect([route.path, h, res.headers[h]]).toEqual([route.path, h, unknown.headers[h]]);
      expect(res.headers['cache-control']).toBe('no-store');
      const head = await v.head(route.path);
      expect([route.path, head.status]).toEqual([route.path, 404]);
    }

    async function expectOnlyParticipants(doc: MediaDoc, routes: [Route, string, string?][]) {
      for (const [route, cache, mime] of routes) {
        for (const v of participants) await expectServed(v, route, cache, mime);
        for (const v of others) await expectHidden(v, doc.id, route);
      }
    }

    beforeAll(async () => {
      [amina, bilal, chadi] = await Promise.all([registerMember(rt()), registerMember(rt()), registerMember(rt())]);
      participants = [visitor('amina (uploader, participant)', amina), visitor('bilal (participant)', bilal)];
      others = [visitor('chadi (another member)', chadi), visitor('signed-out visitor', null)];
      photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f6e4f' } })
        .png()
        .toBuffer();
    });

    it('records the audience in the event and the read model, once per member', async () => {
      const doc = await ingest(photo, 'photo.png', { audience: [bilal.id, amina.id, bilal.id] });
      expect(doc).toMatchObject({ status: 'ready', audience: [bilal.id, amina.id] });
      const [uploaded] = await rt().platform.eventStore.readStream(mediaStream(doc.id));
      expect(uploaded!.type).toBe('MediaUploaded');
      expect((uploaded!.data as MediaUploadedData).audience).toEqual([bilal.id, amina.id]);
    });

    it('serves an image (negotiated, resized, each variant, ranges) to the participants only, privately', async () => {
      const doc = await privately(photo, 'photo.png');
      const id = doc.id;
      const webp = doc.variants.find((v) => v.name.endsWith('.webp'))!;
      const jpeg = doc.variants.find((v) => v.name.endsWith('.jpg'))!;
      await expectOnlyParticipants(doc, [
        [{ path: `/media/${id}` }, 'private, no-store'],
        [{ path: `/media/${id}?w=300&f=webp` }, 'private, no-store', 'image/webp'],
        [{ path: `/media/${id}/${webp.name}` }, 'private, no-store', 'image/webp'],
        [{ path: `/media/${id}/${jpeg.name}`, range: 'bytes=0-99' }, 'private, no-store', 'image/jpeg'],
      ]);
      const negotiated = await bilal.agent.get(`/media/${id}`).set('Accept', 'image/avif,image/webp,*/*').expect(200);
      expect(negotiated.headers['content-type']).toBe('image/avif');
      expect(negotiated.headers.vary).toBe('Accept, Cookie');
      const ranged = await amina.agent.get(`/media/${id}/${jpeg.name}`).set('Range', 'bytes=0-99').expect(206);
      expect(ranged.headers['content-range']).toBe(`bytes 0-99/${jpeg.bytes}`);
      // Parameters are checked for the participants only: anyone else learns nothing, not even a 400.
      expect((await bilal.agent.get(`/media/${id}?w=0`)).status).toBe(400);
      for (const v of others) await expectHidden(v, id, { path: `/media/${id}?w=0` });
      // The original (with its metadata) stays unserved, even to the participants.
      expect((await amina.agent.get(`/media/${id}/original.png`)).status).toBe(404);
    });

    it('serves a video (its MP4 with ranges, its poster) to the participants only, privately', async () => {
      const doc = await privately(clip(), 'clip.mp4');
      expect(doc).toMatchObject({ kind: 'video', status: 'ready' });
      const id = doc.id;
      const poster = doc.variants.find((v) => v.role === 'poster' && v.name.endsWith('.jpg'))!;
      await expectOnlyParticipants(doc, [
        [{ path: `/media/${id}` }, 'private, no-store', 'video/mp4'],
        [{ path: `/media/${id}/video.mp4` }, 'private, no-store', 'video/mp4'],
        [{ path: `/media/${id}/video.mp4`, range: 'bytes=0-1023' }, 'private, no-store', 'video/mp4'],
        [{ path: `/media/${id}/poster` }, 'private, no-store'],
        [{ path: `/media/${id}/poster?w=320&f=jpeg` }, 'private, no-store', 'image/jpeg'],
        [{ path: `/media/${id}/${poster.name}` }, 'private, no-store', 'image/jpeg'],
      ]);
    });

    it('serves an audio file and a document (as stored, with ranges) to the participants only, privately', async () => {
      const voice = testClip({ seconds: 1, format: 'webm', layout: 'live' }).bytes;
      const audio = await privately(voice, 'voice.webm');
      expect(audio).toMatchObject({ kind: 'audio', status: 'ready' });
      await expectOnlyParticipants(audio, [
        [{ path: `/media/${audio.id}` }, 'private, no-store', 'audio/webm'],
        [{ path: `/media/${audio.id}/original.webm` }, 'private, no-store', 'audio/webm'],
        [{ path: `/media/${audio.id}/original.webm`, range: 'bytes=10-' }, 'private, no-store', 'audio/webm'],
      ]);

      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      const doc = await privately(pdf, 'tafsir.pdf');
      expect(doc).toMatchObject({ kind: 'document', status: 'ready' });
      await expectOnlyParticipants(doc, [
        [{ path: `/media/${doc.id}` }, 'private, no-store', 'application/pdf'],
        [{ path: `/media/${doc.id}/original.pdf`, range: 'bytes=0-3' }, 'private, no-store', 'application/pdf'],
      ]);
      const download = await bilal.agent.get(`/media/${doc.id}/original.pdf`).expect(200);
      expect(download.headers['content-disposition']).toContain('filename="tafsir.pdf"');
    });

    it('shows an early poster to the participants only, and hides "processing" and "failed" from everyone else', async () => {
      // A video item whose transcode has not finished (no job queued): only its poster is prepared.
      const id = newId();
      const blobs = rt().http!.get<BlobStore>(BLOB_STORE);
      const posterFile = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#224466' } })
        .jpeg()
        .toBuffer();
      const posterName = 'poster-w320.jpg';
      await blobs.put(variantKey(id, posterName), posterFile, { contentType: 'image/jpeg' });
      const commands = rt().http!.get(CommandExecutor);
      const upload: MediaUploadedData = {
        mediaId: id,
        ownerId: amina.id,
        kind: 'video',
        mime: 'video/mp4',
        ext: 'mp4',
        bytes: 1000,
        sha256: 'x',
        originalKey: originalKey(id, 'mp4'),
        purpose: 'post',
        maxDurationSeconds: null,
        uploadedAt: new Date().toISOString(),
        name: 'clip.mp4',
        audience: [amina.id, bilal.id],
      };
      await commands.execute(mediaStream(id), mediaDecider, { type: 'RecordUpload', upload }, meta(amina), {
        waitFor: ['media'],
      });
      const poster = {
        name: posterName,
        key: variantKey(id, posterName),
        mime: 'image/jpeg',
        role: 'poster' as const,
        width: 320,
        height: 240,
        bytes: posterFile.length,
      };
      await commands.execute(
        mediaStream(id),
        mediaDecider,
        {
          type: 'RecordPoster',
          poster: {
            mediaId: id,
            width: 320,
            height: 240,
            durationSeconds: 1,
            variants: [poster],
            preparedAt: new Date().toISOString(),
          },
        },
        meta(amina),
        { waitFor: ['media'] },
      );
      const doc = (await rt().http!.get(MediaQueries).get(id))!;
      expect(doc).toMatchObject({ status: 'processing', audience: [amina.id, bilal.id] });
      await expectOnlyParticipants(doc, [
        [{ path: `/media/${id}/poster` }, 'private, no-store', 'image/jpeg'],
        [{ path: `/media/${id}/${posterName}` }, 'private, no-store', 'image/jpeg'],
      ]);
      for (const path of [`/media/${id}`, `/media/${id}/video.mp4`]) {
        for (const v of participants) expect((await v.get({ path })).body).toMatchObject({ code: 'MEDIA_PROCESSING' });
        for (const v of others) await expectHidden(v, id, { path });
      }

      await commands.execute(
        mediaStream(id),
        mediaDecider,
        {
          type: 'RecordFailure',
          failure: {
            mediaId: id,
            code: 'CORRUPT_VIDEO',
            message: 'Video file is corrupted or invalid',
            failedAt: new Date().toISOString(),
          },
        },
        meta(amina),
        { waitFor: ['media'] },
      );
      for (const path of [`/media/${id}`, `/media/${id}/video.mp4`, `/media/${id}/poster`]) {
        for (const v of participants)
          expect((await v.get({ path })).body).toMatchObject({
            code: 'MEDIA_FAILED',
            message: 'Video file is corrupted or invalid',
          });
        for (const v of others) await expectHidden(v, id, { path });
      }
    });

    it('leaves the item out of views for anyone outside the audience', async () => {
      const hidden = await privately(photo, 'photo.png');
      const open = await ingest(photo, 'photo.png');
      const queries = rt().http!.get(MediaQueries);
      const ids = (views: { id: string }[]) => views.map((v) => v.id).sort();
      expect(ids(await queries.views([hidden.id, open.id], bilal.id))).toEqual([hidden.id, open.id].sort());
      expect(ids(await queries.views([hidden.id, open.id], amina.id))).toEqual([hidden.id, open.id].sort());
      expect(ids(await queries.views([hidden.id, open.id], chadi.id))).toEqual([open.id]);
      expect(ids(await queries.views([hidden.id, open.id], null))).toEqual([open.id]);
      expect(ids(await queries.views([hidden.id, open.id]))).toEqual([open.id]);
    });

    it('stops serving a participant once signed out', async () => {
      const doc = await privately(photo, 'photo.png');
      const member = await registerMember(rt());
      const item = await ingest(photo, 'photo.png', { audience: [member.id] });
      await member.agent.get(`/media/${item.id}`).expect(200);
      await member.agent
        .post('/api/auth/logout')
        .set('X-CSRF-Token', member.token)
        .send()
        .expect((r) => expect(r.status).toBeLessThan(300));
      await expectHidden(visitor('signed out again', member), item.id, { path: `/media/${item.id}` });
      // Not in the audience of the other item at all.
      await expectHidden(visitor('a member outside the audience', member), doc.id, { path: `/media/${doc.id}` });
    });

    it('an empty audience lets nobody in', async () => {
      const doc = await ingest(photo, 'photo.png', { audience: [] });
      expect(doc.audience).toEqual([]);
      for (const v of [...participants, ...others]) await expectHidden(v, doc.id, { path: `/media/${doc.id}` });
    });

    it('serves media without an audience to everyone, publicly cached, exactly as before', async () => {
      const doc = await ingest(photo, 'photo.png');
      expect(doc.audience).toBeNull();
      const [uploaded] = await rt().platform.eventStore.readStream(mediaStream(doc.id));
      expect('audience' in (uploaded!.data as object)).toBe(false);
      const jpeg = doc.variants.find((v) => v.name.endsWith('.jpg'))!;
      for (const v of [...participants, ...others]) {
        const best = await v.get({ path: `/media/${doc.id}` }).expect(200);
        expect(best.headers['cache-control']).toBe('public, max-age=3600');
        expect(best.headers.vary).toBe('Accept');
        const file = await v.get({ path: `/media/${doc.id}/${jpeg.name}`, range: 'bytes=0-9' }).expect(206);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(file.headers.vary).toBeUndefined();
      }
    });
  },
  IDENTITY_TEST_ENV,
);

/** Jobs done and the media projection caught up: the item is ready or failed. */
async function whenDone(rt: Runtime, mediaId: string): Promise<MediaDoc> {
  await rt.platform.jobQueue.idle();
  for (let i = 0; i < 200; i++) {
    const doc = await rt.readModels.collection<MediaDoc>('media').get(mediaId);
    if (doc && doc.status !== 'processing') return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('media never finished processing');
}
