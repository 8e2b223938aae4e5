import { createHash } from 'node:crypto';

import { conversationBetween, sendMessage } from '@testing/chat';
import { testClip } from '@testing/clips';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import sharp from 'sharp';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';

describeOnProfiles(
  'messaging API: media messages',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    let amina: Member;
    let bilal: Member;
    let chidi: Member;
    beforeAll(async () => {
      [amina, bilal, chidi] = await Promise.all([registerMember(rt()), registerMember(rt()), registerMember(rt())]);
    });

    it('accepts 5,000 characters; an image message needs its file', async () => {
      const id = await conversationBetween(amina, bilal);
      await sendMessage(amina, { conversationId: id, content: 'x'.repeat(5000) }).expect(201);
      const media = await sendMessage(amina, { conversationId: id, content: 'photo', messageType: 'image' }).expect(
        400,
      );
      expect(media.body).toMatchObject({ message: 'An image message needs a file', code: 'MEDIA_REQUIRED' });
    });

    it('takes form data too, text or with one file', async () => {
      const id = await conversationBetween(amina, bilal);
      const form = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .field('content', 'from a form')
        .expect(201);
      expect(form.body).toMatchObject({ conversationId: id, content: 'from a form', messageType: 'text', media: null });
      const blank = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .field('content', ' ')
        .expect(400);
      expect(blank.body.message).toBe('Message content cannot be empty');
    });

    it('sends an image, video or audio message through the media module; the kind comes from the bytes', async () => {
      const id = await conversationBetween(amina, bilal);
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f6e4f' } })
        .png()
        .toBuffer();
      const sent = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .attach('media', png, 'any-name.bin')
        .expect(201);
      expect(sent.body).toMatchObject({ messageType: 'image', content: '', media: { kind: 'image' } });
      expect(['processing', 'ready']).toContain(sent.body.media.status);
      // The recipient sees the same file; once processed it is served from the media URL.
      const theirs = await bilal.agent.get(`/api/conversations/${id}/messages`).expect(200);
      expect(theirs.body.messages.at(-1).media.id).toBe(sent.body.media.id);
      const last = await bilal.agent.get('/api/conversations').expect(200);
      expect(last.body.conversations.find((c: { id: string }) => c.id === id).lastMessage).toMatchObject({
        messageType: 'image',
      });
      // The file is the conversation's: its two members get it (never from a shared cache), nobody else.
      const ready = await eventually(
        () => bilal.agent.get(`/api/conversations/${id}/messages`),
        (r) => r.body.messages.at(-1).media.status === 'ready',
        'image message processed',
      );
      const url = ready.body.messages.at(-1).media.url as string;
      for (const member of [amina, bilal]) {
        const file = await member.agent.get(url).expect(200);
        expect(file.headers['cache-control']).toMatch(/^private/);
      }
      await chidi.agent.get(url).expect(404);
      await request(server()).get(url).expect(404);

      // A browser's voice note: Opus in WebM, sound without picture, is an audio message.
      const voice = testClip({ seconds: 1, format: 'webm', layout: 'live' }).bytes;
      const note = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .attach('media', voice, 'voice.webm')
        .expect(201);
      expect(note.body).toMatchObject({ messageType: 'audio', media: { kind: 'audio' } });

      // A short clip from a phone: a video message, transcoded and played from its URL.
      const clip = testClip({ size: '96x64', rate: 10, seconds: 1, audio: 'aac', layout: 'fragmented' }).bytes;
      const video = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .field('messageType', 'video')
        .field('content', 'look')
        .attach('media', clip, 'clip.mp4')
        .expect(201);
      expect(video.body).toMatchObject({ messageType: 'video', content: 'look', media: { kind: 'video' } });
      const played = await eventually(
        () => bilal.agent.get(`/api/conversations/${id}/messages`),
        (r) => r.body.messages.at(-1).media.status === 'ready',
        'video message processed',
      );
      const media = played.body.messages.at(-1).media;
      expect(media).toMatchObject({
        kind: 'video',
        durationSeconds: expect.any(Number),
        posterUrl: expect.any(String),
      });
      const file = await bilal.agent.get(media.url).expect(200);
      expect(file.headers['content-type']).toBe('video/mp4');
      await chidi.agent.get(media.url).expect(404);
    });

    it('refuses a media message whose bytes do not match, or that is not a file the rules take, storing nothing', async () => {
      const id = await conversationBetween(amina, bilal);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const mismatch = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .field('messageType', 'audio')
        .attach('media', png, 'picture.png')
        .expect(400);
      expect(mismatch.body).toMatchObject({
        message: 'The attached file is an image, not an audio',
        code: 'MEDIA_TYPE_MISMATCH',
      });
      const disguised = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .field('content', 'photo')
        .attach('media', Buffer.from('not really a picture'), 'photo.jpg')
        .expect(415);
      // Sent as an image, it must be one: plain text named photo.jpg is refused, never kept as a document.
      expect(disguised.body).toMatchObject({
        message: 'photo.jpg is not a supported format',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      const document = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .field('content', 'photo')
        .attach('media', Buffer.from('plain notes'), 'notes.txt')
        .expect(422);
      // Messages carry no documents.
      expect(document.body).toMatchObject({
        message: 'Messages can carry an image, a video or an audio file',
        code: 'UNSUPPORTED_MEDIA',
      });
      const unknown = await amina.agent
        .post('/api/messages')
        .set('X-CSRF-Token', amina.token)
        .field('conversationId', id)
        .attach('media', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 'photo.jpg')
        .expect(415);
      expect(unknown.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const after = await amina.agent.get(`/api/conversations/${id}/messages`).expect(200);
      expect(after.body.messages.filter((m: { content: string }) => m.content === 'photo')).toEqual([]);
    });

    /** A one-chunk file through the chunked upload API (the web app's media uploader); its media id. */
    async function uploadInChunks(m: Member, file: Buffer, extra: Record<string, unknown>): Promise<string> {
      const started = await m.agent
        .post('/api/uploads/init')
        .set('X-CSRF-Token', m.token)
        .send({
          filename: 'photo.png',
          fileSize: file.length,
          fileType: 'image/png',
          totalChunks: 1,
          checksum: createHash('sha256').update(file).digest('hex'),
          ...extra,
        })
        .expect(201);
      const uploadId = started.body.uploadId as string;
      await m.agent
        .post(`/api/uploads/${uploadId}/chunk/0`)
        .set('X-CSRF-Token', m.token)
        .set('Content-Type', 'application/octet-stream')
        .set('Content-Range', `bytes 0-${file.length - 1}/${file.length}`)
        .send(file)
        .expect(201);
      const done = await m.agent.post(`/api/uploads/${uploadId}/finalize`).set('X-CSRF-Token', m.token);
      expect(done.status).toBeLessThan(300);
      return done.body.mediaId as string;
    }

    it('sends a file uploaded in chunks by its media id: private to its uploader until the message shares it', async () => {
      const id = await conversationBetween(amina, bilal);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e0b44c' } })
        .png()
        .toBuffer();
      const mediaId = await uploadInChunks(amina, png, { private: true });
      const media = rt().readModels.collection('media');
      expect(await media.get(mediaId)).toMatchObject({ ownerId: amina.id, audience: [amina.id] });
      const url = `/media/${mediaId}`;
      await eventually(
        () => media.get(mediaId),
        (doc) => doc?.status === 'ready',
        'uploaded photo processed',
      );
      await amina.agent.get(url).expect(200);
      await bilal.agent.get(url).expect(404);

      const refusedBefore = (await amina.agent.get(`/api/conversations/${id}/messages`)).body.messages.length;
      // Held to the messageType like an attached file.
      const wrongType = await sendMessage(amina, { conversationId: id, content: '', messageType: 'video', mediaId });
      expect([wrongType.status, wrongType.body.code]).toEqual([400, 'MEDIA_TYPE_MISMATCH']);
      const sent = await sendMessage(amina, { conversationId: id, content: 'the view', messageType: 'image', mediaId });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        messageType: 'image',
        content: 'the view',
        media: { id: mediaId, kind: 'image' },
      });
      // The conversation's two members get it as soon as the message is there; nobody else does.
      await bilal.agent.get(url).expect(200);
      await amina.agent.get(url).expect(200);
      await chidi.agent.get(url).expect(404);
      await request(server()).get(url).expect(404);
      const theirs = await bilal.agent.get(`/api/conversations/${id}/messages`).expect(200);
      expect(theirs.body.messages.at(-1)).toMatchObject({
        content: 'the view',
        media: { id: mediaId, status: 'ready' },
      });

      // Only the sender's own private upload that no message has shared yet.
      const elsewhere = await conversationBetween(amina, chidi);
      const again = await sendMessage(amina, { conversationId: elsewhere, content: '', messageType: 'image', mediaId });
      expect([again.status, again.body.message]).toEqual([400, 'The file of this message was not found']);
      const publicId = await uploadInChunks(amina, png, {});
      const notPrivate = await sendMessage(amina, { conversationId: id, messageType: 'image', mediaId: publicId });
      expect(notPrivate.status).toBe(400);
      const chidisId = await uploadInChunks(chidi, png, { private: true });
      const notHers = await sendMessage(amina, { conversationId: id, messageType: 'image', mediaId: chidisId });
      expect([notHers.status, notHers.body.code]).toEqual([400, 'MEDIA_NOT_FOUND']);
      const badId = await sendMessage(amina, { conversationId: id, messageType: 'image', mediaId: 'nope' });
      expect([badId.status, badId.body.message]).toEqual([400, 'mediaId is not valid']);
      const after = (await amina.agent.get(`/api/conversations/${id}/messages`)).body.messages.length;
      expect(after).toBe(refusedBefore + 1);
    });
  },
  IDENTITY_TEST_ENV,
);
