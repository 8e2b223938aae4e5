import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { startRuntime, Runtime } from '../runtime';
import { postgresReachable, redisReachable, TEST_DATABASE_URL, TEST_REDIS_URL } from '../platform/testing/services';
import { PgSqlClient } from '../platform/sql/pg.sql-client';
import { RATE_LIMITER, SERVER_SECRET } from '../platform/tokens';
import type { RateLimiter } from '../platform/rate-limit/rate-limiter.port';
import { csrfAgent } from './testing/csrf-agent';

describe('HTTP app (embedded profile)', () => {
  let runtime: Runtime;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dc-http-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FRONTEND_DIST: join(dataDir, 'none') });
    runtime = await startRuntime(config, createLogger('silent'));
  });
  afterAll(async () => {
    await runtime.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const server = () => runtime.http!.getHttpServer();

  it('answers health with the engines in use', async () => {
    const res = await request(server()).get('/api/auth/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      eventStore: 'pglite',
      readStore: 'pglite',
      queue: 'in-process',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
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

  it('rejects malformed JSON with 400 and no stack trace', async () => {
    const { agent, token } = await csrfAgent(server());
    const res = await agent
      .post('/api/auth/health')
      .set('x-csrf-token', token)
      .set('content-type', 'application/json')
      .send('{"broken":');
    expect([400, 404]).toContain(res.status);
    expect(res.body).toEqual({ error: expect.any(String), message: expect.any(String), code: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js:\d+/);
  });

  it('gives modules the in-memory rate limiter and the runtime\'s server secret', () => {
    expect(runtime.http!.get<symbol, RateLimiter>(RATE_LIMITER).engine).toBe('memory');
    expect(runtime.http!.get(SERVER_SECRET)).toBe(runtime.secret);
  });
});

if (postgresReachable() && redisReachable()) {
  describe('HTTP app (PostgreSQL + Redis profile)', () => {
    const schema = `t_http_${randomBytes(4).toString('hex')}`;
    let runtime: Runtime;

    beforeAll(async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: TEST_DATABASE_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: `dc-test-${schema}`,
      });
      runtime = await startRuntime(config, createLogger('silent'));
    });
    afterAll(async () => {
      await runtime.shutdown();
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.close();
    });

    it('reports PostgreSQL and BullMQ', async () => {
      const res = await request(runtime.http!.getHttpServer()).get('/api/auth/health').expect(200);
      expect(res.body).toMatchObject({ status: 'ok', eventStore: 'postgres', readStore: 'postgres', queue: 'bullmq' });
    });

    it('rate-limits through Redis', () => {
      expect(runtime.http!.get<symbol, RateLimiter>(RATE_LIMITER).engine).toBe('redis');
    });
  });
}
