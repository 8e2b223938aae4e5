import { randomBytes } from 'node:crypto';

import { useRuntime } from '@testing/profiles';
import request from 'supertest';

import { csrfAgent } from '../testing/csrf-agent';
import { createTestHttpApp } from '../testing/test-http-app';
import { issueCsrfToken } from './csrf-token';
import { ServerSecret } from './server-secret';

const CSRF_INVALID = { error: 'Forbidden', message: 'Invalid or missing CSRF token', code: 'CSRF_INVALID' };

describe('CSRF protection (real app)', () => {
  const rt = useRuntime({ TRUST_PROXY: 'true', DEV_ROUTES: '' });
  const server = () => rt().http!.getHttpServer();
  const csrfCookieOf = (res: request.Response) => {
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return cookies.find((c) => c.startsWith('dc.csrf='));
  };

  describe('GET /api/auth/csrf', () => {
    it('answers a token and sets it as a script-readable, SameSite=Lax cookie on /', async () => {
      const res = await request(server()).get('/api/auth/csrf').expect(200);
      expect(res.body).toEqual({
        csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/),
        sessionCookie: false,
      });
      expect(res.headers['cache-control']).toBe('no-store');
      const cookie = csrfCookieOf(res)!;
      const attributes = cookie.split(';').map((a) => a.trim());
      expect(attributes[0]).toBe(`dc.csrf=${res.body.csrfToken}`);
      expect(attributes).toContain('Path=/');
      expect(attributes).toContain('SameSite=Lax');
      expect(attributes.map((a) => a.toLowerCase())).not.toContain('httponly');
      expect(attributes.map((a) => a.toLowerCase())).not.toContain('secure');
    });

    it('marks the cookie Secure when the request came over https (through the trusted proxy)', async () => {
      const res = await request(server()).get('/api/auth/csrf').set('X-Forwarded-Proto', 'https').expect(200);
      expect(
        csrfCookieOf(res)!
          .split(';')
          .map((a) => a.trim()),
      ).toContain('Secure');
    });

    it('keeps a valid token the browser already has, so other tabs keep working', async () => {
      const { agent, token } = await csrfAgent(server());
      const again = await agent.get('/api/auth/csrf').expect(200);
      expect(again.body.csrfToken).toBe(token);
      expect(csrfCookieOf(again)).toMatch(new RegExp(`^dc\\.csrf=${token.replace('.', '\\.')};`));
    });

    it('says whether a session cookie came with the request (so a visitor without one skips /api/auth/me)', async () => {
      const res = await request(server()).get('/api/auth/csrf').set('Cookie', 'dc.sid=whatever').expect(200);
      expect(res.body.sessionCookie).toBe(true);
    });

    it('replaces a cookie this server did not sign', async () => {
      const forged = `${'a'.repeat(43)}.${'b'.repeat(43)}`;
      const res = await request(server()).get('/api/auth/csrf').set('Cookie', `dc.csrf=${forged}`).expect(200);
      expect(res.body.csrfToken).not.toBe(forged);
      expect(csrfCookieOf(res)).toContain(res.body.csrfToken);
    });
  });

  describe('unsafe methods', () => {
    it('refuses a POST without the header', async () => {
      const { agent } = await csrfAgent(server());
      const res = await agent.post('/api/nope').send({ a: 1 }).expect(403);
      expect(res.body).toEqual(CSRF_INVALID);
    });

    it.each(['put', 'patch', 'delete'] as const)('refuses a %s without the header, on a real route too', async (m) => {
      const { agent } = await csrfAgent(server());
      expect((await agent[m]('/api/nope').send({ a: 1 }).expect(403)).body).toEqual(CSRF_INVALID);
      // A route that exists for this method: the refusal comes before any session or body check.
      const route = { put: '/api/notifications/mark-all-read', patch: '/api/posts/p1/edit', delete: '/api/account' }[m];
      expect((await agent[m](route).send({ name: 'x' }).expect(403)).body).toEqual(CSRF_INVALID);
    });

    it('refuses the header without the cookie', async () => {
      const { token } = await csrfAgent(server());
      const res = await request(server()).post('/api/nope').set('X-CSRF-Token', token).expect(403);
      expect(res.body).toEqual(CSRF_INVALID);
    });

    it('refuses a header that does not match the cookie, even another valid token', async () => {
      const { agent } = await csrfAgent(server());
      const { token: other } = await csrfAgent(server());
      const res = await agent.post('/api/nope').set('X-CSRF-Token', other).expect(403);
      expect(res.body).toEqual(CSRF_INVALID);
    });

    it('refuses a forged token even when cookie and header agree', async () => {
      const unsigned = 'forged-by-an-attacker';
      await request(server())
        .post('/api/nope')
        .set('Cookie', `dc.csrf=${unsigned}`)
        .set('X-CSRF-Token', unsigned)
        .expect(403);
      const wellFormed = `${'a'.repeat(43)}.${'b'.repeat(43)}`;
      await request(server())
        .post('/api/nope')
        .set('Cookie', `dc.csrf=${wellFormed}`)
        .set('X-CSRF-Token', wellFormed)
        .expect(403);
      const otherServer = issueCsrfToken(new ServerSecret(randomBytes(32).toString('hex')), undefined);
      const res = await request(server())
        .post('/api/nope')
        .set('Cookie', `dc.csrf=${otherServer}`)
        .set('X-CSRF-Token', otherServer)
        .expect(403);
      expect(res.body).toEqual(CSRF_INVALID);
    });

    it('lets the right token through to routing (an unknown path then answers 404)', async () => {
      const { agent, token } = await csrfAgent(server());
      for (const method of ['post', 'put', 'patch', 'delete'] as const) {
        const res = await agent[method]('/api/nope').set('X-CSRF-Token', token).send({ a: 1 });
        expect([method, res.status, res.body.code]).toEqual([method, 404, 'NOT_FOUND']);
      }
    });

    it('reads the header whatever its case', async () => {
      const { agent, token } = await csrfAgent(server());
      for (const name of ['x-csrf-token', 'X-CSRF-TOKEN', 'X-Csrf-Token']) {
        await agent.post('/api/nope').set(name, token).expect(404);
      }
    });

    it('accepts the cookie URL-encoded by the browser, as the web app sends it back decoded', async () => {
      const { token } = await csrfAgent(server());
      await request(server())
        .post('/api/nope')
        .set('Cookie', `dc.csrf=${encodeURIComponent(token).replace('.', '%2E')}`)
        .set('X-CSRF-Token', token)
        .expect(404);
    });

    it('checks before reading the body: a forged request gets 403 whatever it carries', async () => {
      const res = await request(server())
        .post('/api/nope')
        .set('content-type', 'application/json')
        .send('{"broken":')
        .expect(403);
      expect(res.body).toEqual(CSRF_INVALID);
      await request(server()).post('/api/nope').set('content-type', 'text/x-unknown').send('x').expect(403);
    });

    it('leaves GET, HEAD and OPTIONS alone', async () => {
      await request(server()).get('/api/nope').expect(404);
      await request(server()).head('/api/auth/health').expect(200);
      const options = await request(server()).options('/api/nope');
      expect(options.status).not.toBe(403);
    });
  });
});

describe('CSRF cookie without a trusted proxy', () => {
  it('ignores X-Forwarded-Proto: a client cannot claim https', async () => {
    const app = await createTestHttpApp();
    try {
      const res = await request(app.getHttpServer())
        .get('/api/auth/csrf')
        .set('X-Forwarded-Proto', 'https')
        .expect(200);
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('dc.csrf='))!;
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toMatch(/;\s*Secure/i);
    } finally {
      await app.close();
    }
  });
});
