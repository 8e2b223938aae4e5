import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { csrfAgent } from '@platform/http/testing/csrf-agent';
import { IDENTITY_TEST_ENV, type Member, PASSWORD, registerMember } from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { AuthorsQuery } from '../ports/authors.port';
import { profilesCaughtUp } from '../testing/caught-up';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const MB = 1024 * 1024;
// Pictures go to a folder of this run, not the repository's ./data (the PostgreSQL profile has no DATA_DIR).
const MEDIA_DIR = mkdtempSync(join(tmpdir(), 'dc-profile-media-'));
afterAll(() => rmSync(MEDIA_DIR, { recursive: true, force: true }));

describeOnProfiles(
  'profile edit and pictures',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const update = (m: Member) => m.agent.post('/api/profile/update').set('X-CSRF-Token', m.token);

    it('saves the edit form as JSON and shows it on the profile and on posts', async () => {
      const m = await registerMember(rt());
      const res = await update(m)
        .send({
          displayName: '  Amina Yusuf ',
          bio: 'Seeking knowledge',
          location: 'Nairobi',
          website: 'https://amina.example.org',
        })
        .expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.profile).toMatchObject({
        displayName: 'Amina Yusuf',
        bio: 'Seeking knowledge',
        location: 'Nairobi',
        website: 'https://amina.example.org',
        isOwner: true,
      });
      const seen = (await request(server()).get(`/api/profile/${m.username}`).expect(200)).body;
      expect(seen).toMatchObject({
        displayName: 'Amina Yusuf',
        bio: 'Seeking knowledge',
        location: 'Nairobi',
        website: 'https://amina.example.org',
      });
      expect((await rt().http!.get(AuthorsQuery).byIds([m.id])).get(m.id)).toMatchObject({
        displayName: 'Amina Yusuf',
        name: 'Amina Yusuf',
        bio: 'Seeking knowledge',
      });
    });

    it('puts the profile the member wrote into "download my data"', async () => {
      const m = await registerMember(rt());
      await update(m).send({ bio: 'Mine to take', website: 'https://mine.example.org' }).expect(200);
      const archive = (await m.agent.get('/api/account/export').expect(200)).body;
      expect(archive.publicProfile).toEqual({
        displayName: m.displayName,
        bio: 'Mine to take',
        location: null,
        website: 'https://mine.example.org',
        avatarUrl: null,
        bannerUrl: null,
      });
    });

    it('changes only the fields sent, and clears a field sent blank', async () => {
      const m = await registerMember(rt());
      await update(m).send({ bio: 'First bio', location: 'Mombasa' }).expect(200);
      const res = await update(m).field('bio', 'Second bio').expect(200);
      expect(res.body.profile).toMatchObject({ displayName: m.displayName, bio: 'Second bio', location: 'Mombasa' });
      const cleared = await update(m).send({ location: '' }).expect(200);
      expect(cleared.body.profile).toMatchObject({ bio: 'Second bio', location: null });
    });

    it.each([
      [{ bio: 'x'.repeat(161) }, 'Bio must be 160 characters or less'],
      [{ displayName: '   ' }, 'Display name is required'],
      [{ displayName: 'x'.repeat(51) }, 'Display name must be 50 characters or less'],
      [{ location: 'x'.repeat(101) }, 'Location must be 100 characters or less'],
      [{ website: 'not a url' }, 'Website must be a valid URL'],
      [{ website: 'javascript:alert(1)' }, 'Website must be a valid URL'],
      [{ bio: 42 }, 'Bio must be 160 characters or less'],
    ])('refuses %j with "%s" and changes nothing', async (body, message) => {
      const m = await registerMember(rt());
      const res = await update(m).send(body).expect(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', message, code: 'VALIDATION_FAILED' });
      const [field, value] = Object.entries(body)[0]!;
      // Multipart fields are always text: the same rule answers the same message.
      if (typeof value === 'string')
        expect((await update(m).field(field, value).expect(400)).body.message).toBe(message);
      expect((await request(server()).get(`/api/profile/${m.username}`)).body).toMatchObject({
        displayName: m.displayName,
        bio: null,
        location: null,
        website: null,
      });
    });

    it('accepts the limits exactly', async () => {
      const m = await registerMember(rt());
      const body = { displayName: 'd'.repeat(50), bio: 'b'.repeat(160), location: 'l'.repeat(100) };
      expect((await update(m).send(body).expect(200)).body.profile).toMatchObject(body);
    });

    it('limits profile saves to 30 an hour per member', async () => {
      const m = await registerMember(rt());
      for (let i = 0; i < 30; i++)
        await update(m)
          .send({ bio: `bio ${i}` })
          .expect(200);
      const limited = await update(m).send({ bio: 'one more' }).expect(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect((await request(server()).get(`/api/profile/${m.username}`)).body.bio).toBe('bio 29');
    });

    it('needs a session (401) and a CSRF token (403)', async () => {
      const { agent, token } = await csrfAgent(server());
      const res = await agent.post('/api/profile/update').set('X-CSRF-Token', token).field('bio', 'hi').expect(401);
      expect(res.body).toEqual({ error: 'Unauthorized', message: 'Not authenticated', code: 'UNAUTHORIZED' });
      const m = await registerMember(rt());
      await m.agent.post('/api/profile/update').send({ bio: 'hi' }).expect(403);
    });

    it('uploads a profile picture and a banner, serves them read-only, and shows the avatar everywhere', async () => {
      const m = await registerMember(rt());
      const res = await update(m)
        .field('bio', 'With a face')
        .attach('profileImage', PNG, { filename: 'me.txt', contentType: 'text/plain' })
        .attach('banner', GIF, { filename: 'banner.gif', contentType: 'image/gif' })
        .expect(200);
      const { avatarUrl, bannerUrl, profileImage } = res.body.profile;
      expect(avatarUrl).toMatch(/^\/media\/profiles\/[0-9a-f-]{36}\.png$/);
      expect(bannerUrl).toMatch(/^\/media\/profiles\/[0-9a-f-]{36}\.gif$/);
      expect(profileImage).toBe(avatarUrl);
      const served = await request(server()).get(avatarUrl).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
      expect((await request(server()).get(bannerUrl).expect(200)).headers['content-type']).toBe('image/gif');
      expect((await rt().http!.get(AuthorsQuery).byIds([m.id])).get(m.id)).toMatchObject({
        avatarUrl,
        profileImage: avatarUrl,
      });
      const fan = await registerMember(rt());
      await fan.agent.post(`/api/users/${m.id}/follow`).set('X-CSRF-Token', fan.token).expect(200);
      expect((await request(server()).get(`/api/profile/${fan.username}/following`)).body.users[0].avatarUrl).toBe(
        avatarUrl,
      );
      await m.agent.post(avatarUrl).set('X-CSRF-Token', m.token).expect(404);
    });

    it("stops serving a replaced picture and a deleted member's pictures", async () => {
      const m = await registerMember(rt());
      const first = (await update(m).attach('profileImage', PNG, 'a.png').expect(200)).body.profile.avatarUrl;
      await request(server()).get(first).expect(200);
      const second = (await update(m).attach('profileImage', GIF, 'b.gif').attach('banner', PNG, 'c.png').expect(200))
        .body.profile;
      expect(second.avatarUrl).not.toBe(first);
      await request(server()).get(first).expect(404);
      // The replaced file is gone from disk too (the pictures live in MEDIA_DIR/profiles).
      expect(existsSync(join(MEDIA_DIR, first.replace('/media/', '')))).toBe(false);
      expect(existsSync(join(MEDIA_DIR, second.avatarUrl.replace('/media/', '')))).toBe(true);
      await request(server()).get(second.avatarUrl).expect(200);
      await request(server()).get(second.bannerUrl).expect(200);
      await m.agent.delete('/api/account').set('X-CSRF-Token', m.token).send({ password: PASSWORD }).expect(200);
      await profilesCaughtUp(rt());
      await request(server()).get(second.avatarUrl).expect(404);
      await request(server()).get(second.bannerUrl).expect(404);
    });

    it.each(['../../etc/passwd', '..%2F..%2Fsecret.png', 'missing.png', '0190d7c4-1111-7000-8000-000000000000.png'])(
      'answers 404 for media name %s',
      async (name) => {
        await request(server()).get(`/media/profiles/${name}`).expect(404);
      },
    );

    it('refuses a file that is not an image, whatever it claims', async () => {
      const m = await registerMember(rt());
      const res = await update(m)
        .attach(
          'profileImage',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          { filename: 'x.png', contentType: 'image/png' },
        )
        .expect(415);
      expect(res.body).toEqual({
        error: 'Unsupported Media Type',
        message: 'Please select a valid image file',
        code: 'INVALID_IMAGE',
      });
      expect((await request(server()).get(`/api/profile/${m.username}`)).body.avatarUrl).toBeNull();
    });

    it('refuses a picture of 5 MB or more, and leaves the profile unchanged', async () => {
      const m = await registerMember(rt());
      for (const size of [5 * MB, 6 * MB]) {
        const big = Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
        const res = await update(m)
          .field('bio', 'too big')
          .attach('profileImage', big, { filename: 'big.png', contentType: 'image/png' })
          .expect(413);
        expect(res.body).toEqual({
          error: 'Payload Too Large',
          message: 'Image must be smaller than 5MB',
          code: 'IMAGE_TOO_LARGE',
        });
      }
      expect((await request(server()).get(`/api/profile/${m.username}`)).body).toMatchObject({
        avatarUrl: null,
        bio: null,
      });
      const justUnder = Buffer.concat([PNG, Buffer.alloc(5 * MB - 1 - PNG.length)]);
      await update(m).attach('profileImage', justUnder, { filename: 'ok.png', contentType: 'image/png' }).expect(200);
    });
  },
  { ...IDENTITY_TEST_ENV, MEDIA_DIR },
);
