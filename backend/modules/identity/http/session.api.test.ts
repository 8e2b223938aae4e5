import { currentCsrfToken } from '@platform/http/testing/csrf-agent';
import {
  anonymous,
  IDENTITY_TEST_ENV,
  latestLink,
  mailsTo,
  newDetails,
  PASSWORD,
  registerMember,
} from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { hashToken } from '../crypto/secrets';
import { userStream } from '../events';

const cookieOf = (res: request.Response) => String(res.headers['set-cookie'] ?? '');
const sid = (res: request.Response) => /dc\.sid=([^;]+)/.exec(cookieOf(res))?.[1];

describeOnProfiles(
  'sign-in, sessions and verification',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    /** Signs the member in on a new agent; answers it, its CSRF token and the session cookie's value. */
    const signIn = async (m: { email: string }, extra: { rememberMe?: boolean } = {}) => {
      const { agent, token } = await anonymous(rt());
      const login = await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', token)
        .send({ emailOrUsername: m.email, password: PASSWORD, ...extra })
        .expect(200);
      return { agent, token: currentCsrfToken(agent), cookie: sid(login)! };
    };

    it('signs in by username or email in any case; wrong details say nothing about which part', async () => {
      const m = await registerMember(rt());
      for (const emailOrUsername of [m.username, m.username.toUpperCase(), m.email, m.email.toUpperCase()]) {
        const { agent, token } = await anonymous(rt());
        const res = await agent
          .post('/api/auth/login')
          .set('X-CSRF-Token', token)
          .send({ emailOrUsername, password: PASSWORD })
          .expect(200);
        expect(res.body.user).toMatchObject({ id: m.id, username: m.username, email: m.email });
        expect((await agent.get('/api/auth/me').expect(200)).body.user.id).toBe(m.id);
      }
      const { agent, token } = await anonymous(rt());
      const wrongPassword = await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', token)
        .send({ emailOrUsername: m.username, password: 'Wrong#Pass1' });
      const noSuchUser = await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', token)
        .send({ emailOrUsername: 'nobody_here', password: 'Wrong#Pass1' });
      expect(wrongPassword.status).toBe(401);
      expect(noSuchUser.status).toBe(401);
      expect(wrongPassword.body.message).toBe(noSuchUser.body.message);
      expect(wrongPassword.body).toEqual({
        error: 'Unauthorized',
        message: 'Invalid username/email or password',
        code: 'UNAUTHORIZED',
      });
    });

    it.each([
      [{ password: PASSWORD }, 'Username or email is required'],
      [{ emailOrUsername: '', password: PASSWORD }, 'Username or email is required'],
      [{ emailOrUsername: 'someone' }, 'Password is required'],
      [{ emailOrUsername: 'someone', password: '' }, 'Password is required'],
    ])('validates login %j with "%s"', async (body, message) => {
      const { agent, token } = await anonymous(rt());
      const res = await agent.post('/api/auth/login').set('X-CSRF-Token', token).send(body).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('keeps a remembered session 30 days, otherwise a browser-session cookie', async () => {
      const m = await registerMember(rt());
      const { agent, token } = await anonymous(rt());
      const remembered = await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', token)
        .send({ emailOrUsername: m.username, password: PASSWORD, rememberMe: true });
      const expires = /Expires=([^;]+)/i.exec(cookieOf(remembered))?.[1];
      const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      // Signed in, the browser sends the token of its new session (the cookie it was just given).
      const plain = await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', currentCsrfToken(agent))
        .send({ emailOrUsername: m.username, password: PASSWORD });
      expect(plain.status).toBe(200);
      expect(cookieOf(plain)).not.toMatch(/Expires=|Max-Age=/i);
      expect(cookieOf(plain)).toMatch(/HttpOnly/i);
    });

    it('ends the session on logout everywhere the cookie is used', async () => {
      const m = await registerMember(rt());
      const { agent, token, cookie } = await signIn(m);
      await request(server()).get('/api/auth/me').set('Cookie', `dc.sid=${cookie}`).expect(200);
      await agent.post('/api/auth/logout').set('X-CSRF-Token', token).expect(200);
      // Replaying the old cookie from anywhere no longer works.
      const replay = await request(server()).get('/api/auth/me').set('Cookie', `dc.sid=${cookie}`).expect(401);
      expect(replay.body).toMatchObject({ code: 'UNAUTHORIZED' });
      // The member's other session is untouched.
      await m.agent.get('/api/auth/me').expect(200);
    });

    it('names the member in the session cookie, which counts only when the session agrees', async () => {
      const m = await registerMember(rt());
      const other = await registerMember(rt());
      const { cookie } = await signIn(m);
      expect(cookie.startsWith(`${m.id}.`)).toBe(true);
      // Another member's id in front of this member's secret is a token no session has.
      const forged = `${other.id}.${cookie.slice(m.id.length + 1)}`;
      await request(server()).get('/api/auth/me').set('Cookie', `dc.sid=${forged}`).expect(401);
      // A session whose token names someone else (or no one: tokens made before the name) is its own member's.
      const named = `${other.id}.${'x'.repeat(43)}`;
      const now = new Date();
      const appended = await rt().platform.eventStore.appendToStream(
        userStream(m.id),
        [
          {
            type: 'SessionStarted',
            data: {
              sessionHash: hashToken(named),
              remember: false,
              startedAt: now.toISOString(),
              expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
            },
          },
        ],
        'stream_exists',
      );
      await rt().progress.waitFor(appended.checkpoint, ['identity'], 10_000);
      const me = await request(server()).get('/api/auth/me').set('Cookie', `dc.sid=${named}`).expect(200);
      expect(me.body.user.id).toBe(m.id);
    });

    it('refuses a session once its time has run out, though nothing ended it', async () => {
      const m = await registerMember(rt());
      const cookie = `dc.sid=${(await signIn(m, { rememberMe: false })).cookie}`;
      await request(server()).get('/api/auth/me').set('Cookie', cookie).expect(200);
      // Only the clock moves (timers stay real, so the server keeps working): a day and a minute on.
      const fakeAllBut = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate'];
      const timers = ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'];
      jest.useFakeTimers({ now: Date.now() + 24 * 3600_000 + 60_000, doNotFake: [...fakeAllBut, ...timers] as never });
      try {
        await request(server()).get('/api/auth/me').set('Cookie', cookie).expect(401);
      } finally {
        jest.useRealTimers();
      }
    });

    it('answers 401 without a session and never caches /me', async () => {
      const res = await request(server()).get('/api/auth/me').expect(401);
      expect(res.body).toEqual({ error: 'Unauthorized', message: 'Not authenticated', code: 'UNAUTHORIZED' });
      await request(server()).get('/api/auth/me').set('Cookie', 'dc.sid=forged-value').expect(401);
    });

    it('limits sign-ups per address', async () => {
      const ip = '10.88.88.88';
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const { agent, token } = await anonymous(rt(), ip);
        statuses.push((await agent.post('/api/auth/register').set('X-CSRF-Token', token).send(newDetails())).status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('verifies the email through the mailed link, once', async () => {
      const m = await registerMember(rt());
      const link = await latestLink(rt(), m.email, 'verify-email');
      const res = await request(server()).get(link).expect(302);
      expect(res.headers.location).toBe('/?verified=success');
      expect((await m.agent.get('/api/auth/me')).body.user.isEmailVerified).toBe(true);
      const again = await m.agent.post('/api/resend-verification').set('X-CSRF-Token', m.token);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('ALREADY_VERIFIED');
    });

    it.each([
      ['nonsense', '/?error=invalid-token'],
      ['00000000-0000-7000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/?error=invalid-token'],
    ])('sends a bad verification token %s to %s', async (token, location) => {
      const res = await request(server()).get('/api/auth/verify-email').query({ token }).expect(302);
      expect(res.headers.location).toBe(location);
    });

    it('resends the verification link to a signed-in member, rate limited; the old link stops working', async () => {
      const m = await registerMember(rt());
      const first = await latestLink(rt(), m.email, 'verify-email');
      await m.agent.post('/api/resend-verification').set('X-CSRF-Token', m.token).expect(200);
      const second = await latestLink(rt(), m.email, 'verify-email');
      expect(second).not.toBe(first);
      expect((await mailsTo(rt(), m.email)).filter((x) => x.template === 'verify-email')).toHaveLength(2);
      expect((await request(server()).get(first)).headers.location).toBe('/?error=invalid-token');
      await m.agent.post('/api/resend-verification').set('X-CSRF-Token', m.token).expect(200);
      await m.agent.post('/api/resend-verification').set('X-CSRF-Token', m.token).expect(200);
      expect((await m.agent.post('/api/resend-verification').set('X-CSRF-Token', m.token)).status).toBe(429);
      const stranger = await anonymous(rt());
      expect((await stranger.agent.post('/api/resend-verification').set('X-CSRF-Token', stranger.token)).status).toBe(
        401,
      );
    });
  },
  IDENTITY_TEST_ENV,
);
