import type { EventStore } from '@platform/event-store/event-store.port';
import { anonymous, IDENTITY_TEST_ENV, latestLink, mailsTo, newDetails, registerMember } from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

describeOnProfiles(
  'POST /api/auth/register',
  (rt) => {
    it('refuses a call without the CSRF header', async () => {
      const res = await request(rt().http!.getHttpServer()).post('/api/auth/register').send(newDetails());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CSRF_INVALID');
    });

    it('creates the member, signs them in and mails a verification link', async () => {
      const details = newDetails();
      const { agent, token } = await anonymous(rt());
      const res = await agent.post('/api/auth/register').set('X-CSRF-Token', token).send(details).expect(201);
      expect(res.body).toEqual({
        user: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: details.displayName,
          displayName: details.displayName,
          username: details.username,
          email: details.email,
          role: 'member',
          isEmailVerified: false,
          isVerified: false,
          createdAt: expect.any(String),
          authProvider: 'local',
          avatarUrl: null,
          profileImage: null,
        },
      });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/dc\.sid=[^;]+;.*HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);

      const me = await agent.get('/api/auth/me').expect(200);
      expect(me.body.user.username).toBe(details.username);
      expect(me.headers['cache-control']).toBe('no-store');

      expect(await latestLink(rt(), details.email, 'verify-email')).toMatch(/^\/api\/auth\/verify-email\?token=/);
    });

    it.each([
      [{ displayName: '' }, 'Full name is required'],
      [{ displayName: undefined }, 'Full name is required'],
      [{ displayName: 'x'.repeat(101) }, 'Full name must be at most 100 characters'],
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'a'.repeat(51) }, 'Username must be at most 50 characters'],
      [{ username: 'amina!' }, 'Username can only contain letters, numbers and underscores'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ email: `${'a'.repeat(96)}@x.io` }, 'Email must be at most 100 characters'],
      [{ password: 'Sh0rt!' }, 'Password must be at least 8 characters'],
      [{ password: `Aa1!${'a'.repeat(97)}` }, 'Password must be at most 100 characters'],
      [{ password: 'NOLOWER1!' }, 'Password must contain at least one lowercase letter'],
      [{ password: 'noupper1!' }, 'Password must contain at least one uppercase letter'],
      [{ password: 'NoNumber!' }, 'Password must contain at least one number'],
      [{ password: 'NoSpecial1' }, 'Password must contain at least one special character'],
    ])('rejects %j with "%s" and writes nothing', async (change, message) => {
      const details = { ...newDetails(), ...change };
      const { agent, token } = await anonymous(rt());
      const res = await agent.post('/api/auth/register').set('X-CSRF-Token', token).send(details).expect(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', message, code: 'VALIDATION_FAILED' });
      if (details.username && typeof details.username === 'string' && details.username.length >= 3) {
        expect(await rt().platform.eventStore.readStream(`username-${details.username.toLowerCase()}`)).toEqual([]);
      }
    });

    it('refuses a taken email or username, whatever the case', async () => {
      const first = await registerMember(rt());
      const { agent, token } = await anonymous(rt());
      const sameEmail = await agent
        .post('/api/auth/register')
        .set('X-CSRF-Token', token)
        .send({ ...newDetails(), email: first.email.toUpperCase() })
        .expect(409);
      expect(sameEmail.body.message).toContain('EMAIL_EXISTS');
      const sameName = await agent
        .post('/api/auth/register')
        .set('X-CSRF-Token', token)
        .send({ ...newDetails(), username: first.username.toUpperCase() })
        .expect(409);
      expect(sameName.body.message).toContain('USERNAME_EXISTS');
    });

    it('on a store without multi-stream transactions, releases the username when the email stream fails', async () => {
      // The store as EventStoreDB behaves: streams appended one by one; this one refuses the email stream.
      const store = rt().platform.eventStore as { -readonly [K in keyof EventStore]: EventStore[K] };
      const own = Object.getOwnPropertyDescriptor(store, 'appendToStream');
      const { atomicMultiStreamAppend } = store;
      const appendOne = (Object.getPrototypeOf(store) as EventStore).appendToStream;
      store.atomicMultiStreamAppend = false;
      store.appendToStream = (streamId, events, expected) =>
        streamId.startsWith('email-')
          ? Promise.reject(new Error('the store went away mid-command'))
          : appendOne.call(store, streamId, events, expected);
      const details = newDetails();
      const { agent, token } = await anonymous(rt());
      try {
        const res = await agent.post('/api/auth/register').set('X-CSRF-Token', token).send(details);
        expect(res.status).toBe(500);
        expect(JSON.stringify(res.body)).not.toContain('went away');
      } finally {
        store.atomicMultiStreamAppend = atomicMultiStreamAppend;
        if (own) Object.defineProperty(store, 'appendToStream', own);
        else delete (store as Partial<EventStore>).appendToStream;
      }
      const reservation = await store.readStream(`username-${details.username}`);
      expect(reservation.map((e) => e.type)).toEqual(['NameReserved', 'NameReleased']);
      // The name is free again: the same person can sign up once the store is back.
      await agent.post('/api/auth/register').set('X-CSRF-Token', token).send(details).expect(201);
    });

    it('lets exactly one of 20 parallel sign-ups with one username win', async () => {
      const username = newDetails().username;
      const attempts = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const { agent, token } = await anonymous(rt());
          return agent
            .post('/api/auth/register')
            .set('X-CSRF-Token', token)
            .send({ ...newDetails(), username });
        }),
      );
      const statuses = attempts.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const r of attempts.filter((a) => a.status === 409)) expect(r.body.message).toContain('USERNAME_EXISTS');
      // The loser's keys were shredded, and only the winner holds the name.
      const reservation = await rt().platform.eventStore.readStream(`username-${username}`);
      expect(reservation.map((e) => e.type)).toEqual(['NameReserved']);
    });

    it('never stores the password or personal data in readable form in the log or read models', async () => {
      const m = await registerMember(rt());
      const events = await rt().platform.eventStore.readStream(`user-${m.id}`);
      const logText = JSON.stringify(events);
      expect(logText).not.toContain(m.email);
      expect(logText).not.toContain(m.displayName);
      expect(logText).not.toContain(m.password);
      expect(logText).not.toContain('$argon2');
      const users = await rt().readModels.collection('users').get(m.id);
      expect(JSON.stringify(users)).not.toMatch(/argon2|Bismillah/);
      expect((await mailsTo(rt(), m.email)).length).toBeGreaterThan(0);
    });
  },
  IDENTITY_TEST_ENV,
);
