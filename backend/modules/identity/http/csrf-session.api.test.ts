import { currentCsrfToken } from '@platform/http/testing/csrf-agent';
import { anonymous, IDENTITY_TEST_ENV, PASSWORD, registerMember, sessionCookieOf } from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

const CSRF_INVALID = { error: 'Forbidden', message: 'Invalid or missing CSRF token', code: 'CSRF_INVALID' };

describeOnProfiles(
  'CSRF tokens bound to the session',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    /** A harmless write every signed-in member may make (no body: 400, once past the CSRF check). */
    const write = (cookie: string, token: string) =>
      request(server()).post('/api/resend-verification').set('Cookie', cookie).set('X-CSRF-Token', token);

    it("refuses a token minted in another browser beside a member's session cookie", async () => {
      const amina = await registerMember(rt());
      const sid = sessionCookieOf(rt(), amina);
      // Sanity: her own pair passes the check.
      expect((await write(`${sid}; dc.csrf=${amina.token}`, amina.token)).status).toBe(200);
      // A guest's pair (an attacker's browser, or one planted before she signed in).
      const guest = await anonymous(rt());
      const asGuest = await write(`${sid}; dc.csrf=${guest.token}`, guest.token);
      expect([asGuest.status, asGuest.body]).toEqual([403, CSRF_INVALID]);
      // Another member's pair.
      const bilal = await registerMember(rt());
      const asBilal = await write(`${sid}; dc.csrf=${bilal.token}`, bilal.token);
      expect([asBilal.status, asBilal.body]).toEqual([403, CSRF_INVALID]);
      // Her token without her session cookie is no guest token either.
      const noSession = await request(server())
        .post('/api/auth/login')
        .set('Cookie', `dc.csrf=${amina.token}`)
        .set('X-CSRF-Token', amina.token)
        .send({ emailOrUsername: amina.username, password: PASSWORD });
      expect([noSession.status, noSession.body]).toEqual([403, CSRF_INVALID]);
    });

    it('rotates the token at sign-in, sign-out and sign-up; the old one is refused', async () => {
      const m = await registerMember(rt());
      const { agent, token: guestToken } = await anonymous(rt());
      const login = await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', guestToken)
        .send({ emailOrUsername: m.username, password: PASSWORD })
        .expect(200);
      const signedIn = currentCsrfToken(agent);
      expect(signedIn).not.toBe(guestToken);
      expect(String(login.headers['set-cookie'])).toContain(`dc.csrf=${signedIn}`);
      // The guest token no longer passes; the new one does; GET /api/auth/csrf keeps the new one.
      expect((await agent.post('/api/resend-verification').set('X-CSRF-Token', guestToken)).status).toBe(403);
      expect((await agent.post('/api/resend-verification').set('X-CSRF-Token', signedIn)).status).toBe(200);
      const fetched = await agent.get('/api/auth/csrf').expect(200);
      expect(fetched.body).toEqual({ csrfToken: signedIn, sessionCookie: true });

      await agent.post('/api/auth/logout').set('X-CSRF-Token', signedIn).expect(200);
      const signedOut = currentCsrfToken(agent);
      expect(signedOut).not.toBe(signedIn);
      const stale = await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', signedIn)
        .send({ emailOrUsername: m.username, password: PASSWORD });
      expect([stale.status, stale.body]).toEqual([403, CSRF_INVALID]);
      // The signed-out browser signs in again with its new guest token.
      await agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', signedOut)
        .send({ emailOrUsername: m.username, password: PASSWORD })
        .expect(200);

      // Signing out without a session leaves a guest's token as it is (other tabs keep working).
      const stranger = await anonymous(rt());
      await stranger.agent.post('/api/auth/logout').set('X-CSRF-Token', stranger.token).expect(200);
      expect(currentCsrfToken(stranger.agent)).toBe(stranger.token);

      // Signing up starts a session too: the visitor's guest token is done with.
      const visitor = await anonymous(rt());
      const fresh = await registerMember(rt());
      expect(fresh.token).not.toBe(visitor.token);
      expect((await fresh.agent.post('/api/resend-verification').set('X-CSRF-Token', fresh.token)).status).toBe(200);
    });

    it('answers GET /api/auth/csrf with the session token, replacing one of another session', async () => {
      const m = await registerMember(rt());
      const guest = await anonymous(rt());
      const sid = sessionCookieOf(rt(), m);
      const res = await request(server()).get('/api/auth/csrf').set('Cookie', `${sid}; dc.csrf=${guest.token}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['csrfToken', 'sessionCookie']);
      expect(res.body.csrfToken).not.toBe(guest.token);
      expect((await write(`${sid}; dc.csrf=${res.body.csrfToken}`, res.body.csrfToken)).status).toBe(200);
    });
  },
  IDENTITY_TEST_ENV,
);
