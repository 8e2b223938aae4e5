import { csrfAgent } from '@platform/http/testing/csrf-agent';
import type { RateLimiter } from '@platform/rate-limit/rate-limiter.port';
import { describeOnProfiles } from '@testing/profiles';
import request from 'supertest';

import { RATE_LIMITER, SERVER_SECRET } from '../platform/tokens';

const ENGINES = {
  embedded: { eventStore: 'pglite', readStore: 'pglite', queue: 'in-process', rateLimiter: 'memory' },
  'postgres+redis': { eventStore: 'postgres', readStore: 'postgres', queue: 'bullmq', rateLimiter: 'redis' },
} as const;

describeOnProfiles(
  'HTTP app',
  (rt, profile) => {
    const server = () => rt().http!.getHttpServer();
    const engines = ENGINES[profile];

    it('answers health with the engines in use', async () => {
      const res = await request(server()).get('/api/auth/health').expect(200);
      expect(res.body).toEqual({
        status: 'ok',
        eventStore: engines.eventStore,
        readStore: engines.readStore,
        queue: engines.queue,
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        // System binaries where installed, else the packaged ones (the order is tested in platform/media-tools).
        media: {
          ffmpeg: { source: expect.stringMatching(/^(system|package)$/), version: expect.any(String) },
          ffprobe: { source: expect.stringMatching(/^(system|package)$/), version: expect.any(String) },
          videoUploads: true,
        },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('gives every request an id and keeps a sane one from the client', async () => {
      const fresh = await request(server()).get('/api/auth/health');
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await request(server()).get('/api/auth/health').set('X-Request-Id', 'abc-123');
      expect(kept.headers['x-request-id']).toBe('abc-123');
      const replaced = await request(server()).get('/api/auth/health').set('X-Request-Id', 'bad id with spaces');
      expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
    });

    it('answers unknown API paths with the error shape', async () => {
      const res = await request(server()).get('/api/nope').expect(404);
      expect(res.body).toEqual({ error: 'Not Found', message: expect.any(String), code: 'NOT_FOUND' });
    });

    it('takes an empty body sent with JSON headers as no body (the spec client sends them on every call)', async () => {
      const { agent, token } = await csrfAgent(server());
      const res = await agent
        .post('/api/auth/logout')
        .set('x-csrf-token', token)
        .set('content-type', 'application/json')
        .send('');
      expect(res.status).toBeLessThan(300);
    });

    it('rejects malformed JSON with 400 and no stack trace', async () => {
      const { agent, token } = await csrfAgent(server());
      const res = await agent
        .post('/api/auth/login')
        .set('x-csrf-token', token)
        .set('content-type', 'application/json')
        .send('{"broken":');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Bad Request', message: expect.any(String), code: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js:\d+/);
    });

    it("gives modules the profile's rate limiter and the runtime's server secret", () => {
      expect(rt().http!.get<symbol, RateLimiter>(RATE_LIMITER).engine).toBe(engines.rateLimiter);
      expect(rt().http!.get(SERVER_SECRET)).toBe(rt().secret);
    });
  },
  {},
  // Each engine reports itself.
  ['embedded', 'postgres+redis'],
);
