import { IDENTITY_TEST_ENV, registerMember } from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { LEARNING_MESSAGES as M } from '../limits';
import { approvedTeacher, moderator } from '../testing/courses';

describeOnProfiles(
  'teacher applications',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const application = {
      bio: '  Hafidh, teaching tajweed in Mombasa  ',
      topics: ['Tafsir', 'Quran'],
      priceRange: '$0 - $25',
    };

    it('needs a signed-in member', async () => {
      await request(server()).get('/api/vendor/status').expect(401);
      await request(server()).get('/api/admin/vendors').expect(401);
    });

    it('applies, shows the status, and refuses a second application while pending', async () => {
      const m = await registerMember(rt());
      expect((await m.agent.get('/api/vendor/status').expect(200)).body).toEqual({
        isVendor: false,
        status: 'none',
        application: null,
      });
      const res = await m.agent.post('/api/vendor/register').set('X-CSRF-Token', m.token).send(application).expect(201);
      expect(res.body).toEqual({
        isVendor: false,
        status: 'pending',
        application: {
          bio: 'Hafidh, teaching tajweed in Mombasa',
          topics: ['Quran', 'Tafsir'],
          priceRange: '$0 - $25',
          submittedAt: expect.any(String),
          rejectionReason: null,
        },
      });
      const again = await m.agent
        .post('/api/vendor/register')
        .set('X-CSRF-Token', m.token)
        .send(application)
        .expect(409);
      expect(again.body.message).toBe(M.applicationPending);
    });

    it.each([
      [{ ...application, bio: '  ' }, M.bioRequired],
      [{ ...application, bio: 'x'.repeat(2001) }, M.bioTooLong],
      [{ ...application, topics: ['Astrology'] }, M.badTopics],
      [{ ...application, priceRange: '$5' }, M.badPriceRange],
      [{ topics: [], priceRange: '$0 - $25' }, M.bioRequired],
    ])('refuses an invalid application with 400 (%#)', async (body, message) => {
      const m = await registerMember(rt());
      const res = await m.agent.post('/api/vendor/register').set('X-CSRF-Token', m.token).send(body).expect(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    });

    it('lets only moderators list, approve and reject; approval makes the member a vendor', async () => {
      const mod = await moderator(rt());
      const [a, b] = [await registerMember(rt()), await registerMember(rt())];
      for (const m of [a, b])
        await m.agent.post('/api/vendor/register').set('X-CSRF-Token', m.token).send(application).expect(201);

      expect((await a.agent.get('/api/admin/vendors?status=pending').expect(403)).body.message).toBe(M.moderatorsOnly);
      const forbidden = await a.agent
        .post(`/api/admin/vendors/${b.id}/approve`)
        .set('X-CSRF-Token', a.token)
        .expect(403);
      expect(forbidden.body.message).toBe(M.moderatorsOnly);
      await a.agent.post(`/api/admin/vendors/${b.id}/reject`).set('X-CSRF-Token', a.token).send({}).expect(403);

      const pending = (await mod.agent.get('/api/admin/vendors?status=pending').expect(200)).body;
      expect(pending.map((v: { userId: string }) => v.userId)).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(pending.find((v: { userId: string }) => v.userId === a.id)).toMatchObject({
        user: { id: a.id, name: a.displayName, username: a.username, profileImage: null },
        status: 'pending',
        decidedAt: null,
      });
      await mod.agent.get('/api/admin/vendors?status=maybe').expect(400);

      const approved = await mod.agent
        .post(`/api/admin/vendors/${a.id}/approve`)
        .set('X-CSRF-Token', mod.token)
        .expect(200);
      expect(approved.body).toMatchObject({ userId: a.id, status: 'approved', decidedAt: expect.any(String) });
      expect((await a.agent.get('/api/auth/me')).body.user.role).toBe('vendor');
      expect((await a.agent.get('/api/vendor/status')).body).toMatchObject({ isVendor: true, status: 'approved' });
      const userEvents = await rt().platform.eventStore.readStream(`user-${a.id}`);
      expect(userEvents.at(-1)).toMatchObject({
        type: 'RoleChanged',
        data: { role: 'vendor', previousRole: 'member' },
      });
      const twice = await mod.agent
        .post(`/api/admin/vendors/${a.id}/approve`)
        .set('X-CSRF-Token', mod.token)
        .expect(409);
      expect(twice.body.message).toBe(M.applicationNotPending);

      const noReason = await mod.agent
        .post(`/api/admin/vendors/${b.id}/reject`)
        .set('X-CSRF-Token', mod.token)
        .send({});
      expect(noReason.status).toBe(400);
      expect(noReason.body.message).toBe(M.reasonRequired);
      const rejected = await mod.agent
        .post(`/api/admin/vendors/${b.id}/reject`)
        .set('X-CSRF-Token', mod.token)
        .send({ reason: 'Please tell us about your studies' })
        .expect(200);
      expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Please tell us about your studies' });
      expect((await b.agent.get('/api/vendor/status')).body).toMatchObject({
        isVendor: false,
        status: 'rejected',
        application: { rejectionReason: 'Please tell us about your studies' },
      });
      expect((await b.agent.get('/api/auth/me')).body.user.role).toBe('member');
      // A rejected member may apply again.
      await b.agent.post('/api/vendor/register').set('X-CSRF-Token', b.token).send(application).expect(201);

      const none = await mod.agent
        .post(`/api/admin/vendors/${mod.id}/approve`)
        .set('X-CSRF-Token', mod.token)
        .expect(404);
      expect(none.body.message).toBe(M.noApplication);
    });

    it('keeps a moderator who becomes a teacher a moderator', async () => {
      const mod = await moderator(rt());
      const other = await moderator(rt());
      await other.agent.post('/api/vendor/register').set('X-CSRF-Token', other.token).send(application).expect(201);
      await mod.agent.post(`/api/admin/vendors/${other.id}/approve`).set('X-CSRF-Token', mod.token).expect(200);
      expect((await other.agent.get('/api/auth/me')).body.user.role).toBe('moderator');
      expect((await other.agent.get('/api/vendor/status')).body.isVendor).toBe(true);
    });

    it('gives an approved teacher the course editor', async () => {
      const t = await approvedTeacher(rt(), await moderator(rt()));
      expect((await t.agent.get('/api/vendor/courses').expect(200)).body).toEqual([]);
      const m = await registerMember(rt());
      expect((await m.agent.get('/api/vendor/courses').expect(403)).body.message).toBe(M.vendorsOnly);
    });
  },
  IDENTITY_TEST_ENV,
);
