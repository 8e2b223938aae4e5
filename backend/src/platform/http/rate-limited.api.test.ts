import { Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MemoryRateLimiter } from '@platform/rate-limit/memory.rate-limiter';
import type { RateLimiter } from '@platform/rate-limit/rate-limiter.port';
import { RATE_LIMITER } from '@platform/tokens';

import { assertNotRateLimited, enforceRateLimit } from './rate-limited';
import { Agent, csrfAgent } from './testing/csrf-agent';
import { createTestHttpApp } from './testing/test-http-app';

const rule = { limit: 2, windowMs: 60_000 };

@Controller('api/test')
class AttemptsController {
  constructor(@Inject(RATE_LIMITER) private readonly limiter: RateLimiter) {}

  @Post('attempt')
  @HttpCode(200)
  async attempt() {
    const { remaining } = await enforceRateLimit(this.limiter, 'attempt', rule);
    return { remaining };
  }

  /** The failures-only pattern: check, count a failure, reset on success. */
  @Post('login/:outcome')
  @HttpCode(200)
  async login(@Param('outcome') outcome: string) {
    await assertNotRateLimited(this.limiter, 'login', rule);
    if (outcome === 'ok') {
      await this.limiter.reset('login');
      return { ok: true };
    }
    await this.limiter.hit('login', rule);
    return { ok: false };
  }
}

const RATE_LIMITED = {
  error: 'Too Many Requests',
  message: 'Too many attempts. Please try again later.',
  code: 'RATE_LIMITED',
};

describe('429 Too Many Requests', () => {
  let app: NestFastifyApplication;
  let agent: Agent;
  let token: string;

  beforeEach(async () => {
    app = await createTestHttpApp({
      controllers: [AttemptsController],
      providers: [{ provide: RATE_LIMITER, useValue: new MemoryRateLimiter() }],
    });
    ({ agent, token } = await csrfAgent(app.getHttpServer()));
  });
  afterEach(async () => {
    await app.get<symbol, RateLimiter>(RATE_LIMITER).close();
    await app.close();
  });

  const post = (path: string) => agent.post(path).set('X-CSRF-Token', token);

  it('answers with Retry-After and the error shape once the limit is used up', async () => {
    expect((await post('/api/test/attempt').expect(200)).body).toEqual({ remaining: 1 });
    expect((await post('/api/test/attempt').expect(200)).body).toEqual({ remaining: 0 });
    const res = await post('/api/test/attempt').expect(429);
    expect(res.body).toEqual(RATE_LIMITED);
    expect(res.headers['retry-after']).toBe('60');
  });

  it('counts only failures when the handler peeks first and resets on success', async () => {
    await post('/api/test/login/fail').expect(200);
    await post('/api/test/login/ok').expect(200);
    await post('/api/test/login/fail').expect(200);
    await post('/api/test/login/fail').expect(200);
    const res = await post('/api/test/login/ok').expect(429);
    expect(res.body).toEqual(RATE_LIMITED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(59);
  });
});
