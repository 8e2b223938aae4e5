import { loadConfig } from '@platform/config';
import { useRuntime } from '@testing/profiles';
import request from 'supertest';

import { csrfAgent } from '../testing/csrf-agent';
import { createTestHttpApp } from '../testing/test-http-app';

const DEBUG_PATHS = ['/api/auth/cookies-hint', '/api/auth/headers'];

describe('debug console endpoints', () => {
  // The switch itself, for each configuration, on the real HttpSecurityModule (fast to start).
  async function withSecurityModule(env: Record<string, string>, test: (server: unknown) => Promise<void>) {
    const app = await createTestHttpApp({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }) });
    try {
      await test(app.getHttpServer());
    } finally {
      await app.close();
    }
  }

  it.each([
    ['test', { NODE_ENV: 'test' }],
    ['development', { NODE_ENV: 'development' }],
    ['production with DEBUG_ENDPOINTS=true', { NODE_ENV: 'production', DEBUG_ENDPOINTS: 'true' }],
  ])('answer in %s', async (_name, env) => {
    await withSecurityModule(env, async (server) => {
      for (const path of DEBUG_PATHS) {
        const res = await request(server as never).get(path);
        expect([path, res.status, res.headers['cache-control']]).toEqual([path, 200, 'no-store']);
      }
    });
  });

  it.each([
    ['production', { NODE_ENV: 'production' }],
    ['development with DEBUG_ENDPOINTS=false', { NODE_ENV: 'development', DEBUG_ENDPOINTS: 'false' }],
  ])('are 404 like any unknown path in %s', async (_name, env) => {
    await withSecurityModule(env, async (server) => {
      for (const path of DEBUG_PATHS) {
        const res = await request(server as never)
          .get(path)
          .expect(404);
        expect(res.body).toEqual({ error: 'Not Found', message: `Cannot GET ${path}`, code: 'NOT_FOUND' });
      }
    });
  });

  describe('in the production app', () => {
    const rt = useRuntime({ NODE_ENV: 'production' });

    it('are 404, exactly like an unknown path, while health stays on', async () => {
      const server = rt().http!.getHttpServer();
      const unknown = await request(server).get('/api/auth/nothing-here').expect(404);
      expect(unknown.body.message).toBe('Cannot GET /api/auth/nothing-here');
      for (const path of DEBUG_PATHS) {
        const res = await request(server).get(path).expect(404);
        expect(res.body).toEqual({ ...unknown.body, message: `Cannot GET ${path}` });
      }
      await request(server).get('/api/auth/health').expect(200);
    });
  });

  describe('in development', () => {
    // The demo community (with its transcoded videos) is not what is tested here.
    const rt = useRuntime({ NODE_ENV: 'development', SEED: 'false' });
    const server = () => rt().http!.getHttpServer();

    it('echoes headers with every credential redacted', async () => {
      const secrets = [
        'dc.sid=session-value-123',
        'Bearer auth-value-456',
        'Basic proxy-value-789',
        'csrf-value-000',
      ] as const;
      const res = await request(server())
        .get('/api/auth/headers?x=1')
        .set('Cookie', secrets[0])
        .set('Authorization', secrets[1])
        .set('Proxy-Authorization', secrets[2])
        .set('X-CSRF-Token', secrets[3])
        .set('X-Custom', 'visible')
        .set('User-Agent', 'debug-test')
        .expect(200);
      expect(res.body).toMatchObject({
        method: 'GET',
        url: '/api/auth/headers?x=1',
        protocol: 'http',
        ip: expect.any(String),
        headers: {
          cookie: '[redacted]',
          authorization: '[redacted]',
          'proxy-authorization': '[redacted]',
          'x-csrf-token': '[redacted]',
          'x-custom': 'visible',
          'user-agent': 'debug-test',
        },
      });
      for (const secret of ['session-value-123', 'auth-value-456', 'proxy-value-789', 'csrf-value-000']) {
        expect(res.text).not.toContain(secret);
      }
    });

    it('tells which cookies arrived by name only, and what is missing', async () => {
      const bare = await request(server()).get('/api/auth/cookies-hint').expect(200);
      expect(bare.body).toEqual({
        cookiesReceived: [],
        hasCsrfCookie: false,
        csrfCookieValid: false,
        hasSessionCookie: false,
        secureContext: false,
        fetchSite: null,
        hints: [expect.stringContaining('sent no cookies'), expect.stringContaining('No dc.sid cookie')],
      });

      // A token is valid only with the session it was issued for.
      const { agent } = await csrfAgent(server());
      const token = (await agent.get('/api/auth/csrf').set('Cookie', 'dc.sid=session-secret-value').expect(200)).body
        .csrfToken as string;
      const res = await agent
        .get('/api/auth/cookies-hint')
        .set('Cookie', `dc.csrf=${token}; dc.sid=session-secret-value; theme=dark`)
        .set('Sec-Fetch-Site', 'same-origin')
        .expect(200);
      expect(res.body).toEqual({
        cookiesReceived: ['dc.csrf', 'dc.sid', 'theme'],
        hasCsrfCookie: true,
        csrfCookieValid: true,
        hasSessionCookie: true,
        secureContext: false,
        fetchSite: 'same-origin',
        hints: [],
      });
      expect(res.text).not.toContain('session-secret-value');
      expect(res.text).not.toContain(token);
    });
  });
});
