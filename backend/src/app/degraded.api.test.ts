import { randomBytes } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';

import { freePort } from '@testing/app-processes';
import { IDENTITY_TEST_ENV, newDetails, registerVisitor } from '@testing/members';
import request from 'supertest';

import { loadConfig } from '../platform/config';
import { NOT_READY_MESSAGE, UNAVAILABLE_MESSAGE } from '../platform/http/unavailable';
import { createLogger } from '../platform/logging';
import { PgSqlClient } from '../platform/sql/pg.sql-client';
import {
  postgresReachable,
  redisReachable,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  withRunMediaTools,
} from '../platform/testing/services';
import { type Runtime, startRuntime } from '../runtime';

/** Reads until ok holds, for up to 30 s (a loaded machine builds read models slowly). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const v = await read();
    if (ok(v)) return v;
  }
  throw new Error(`never happened: ${what}`);
}

/** A TCP pass-through to PostgreSQL that the test can cut and restore: the store "goes down". */
async function pgProxy(port: number) {
  const target = new URL(TEST_DATABASE_URL);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    url: Object.assign(new URL(TEST_DATABASE_URL), { port: String(port) }).toString(),
    open,
    async cut() {
      const closing = server;
      server = null;
      if (!closing) return;
      await new Promise((resolve) => {
        closing.close(resolve);
        for (const s of sockets) s.destroy();
      });
    },
  };
}

if (postgresReachable() && redisReachable()) {
  describe('an API process before its read models exist, and with its store gone', () => {
    const id = randomBytes(4).toString('hex');
    const schema = `t_degraded_${id}`;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FRONTEND_DIST: '/nonexistent',
      SEED: 'false',
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `dc-test-degraded-${id}`,
      // Nobody projects at first: a command waits this long for its read models, then answers.
      READ_YOUR_WRITES_TIMEOUT_MS: '300',
      ...IDENTITY_TEST_ENV,
    };
    let proxy: Awaited<ReturnType<typeof pgProxy>>;
    let api: Runtime | undefined;
    let projections: Runtime | undefined;
    const server = () => api!.http!.getHttpServer();

    beforeAll(async () => {
      proxy = await pgProxy(await freePort());
      // Its reads go to the store (READ_MODEL_CACHE=off): with the cache an API process answers
      // reads it holds from memory while the database is away, which is not what is tested here.
      api = await startRuntime(
        withRunMediaTools(loadConfig({ ...env, DATABASE_URL: proxy.url, ROLE: 'api', READ_MODEL_CACHE: 'off' })),
        createLogger('silent'),
      );
    }, 60_000);
    afterAll(async () => {
      await projections?.shutdown();
      await proxy.open();
      await api?.shutdown();
      await proxy.cut();
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.close();
      const { default: IORedis } = await import('ioredis');
      const redis = new IORedis(TEST_REDIS_URL);
      const keys = await redis.keys(`${env.QUEUE_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }, 60_000);

    let amina: Awaited<ReturnType<typeof registerVisitor>>;

    it('answers 503 with Retry-After while its read models are not built, and /api/ready says why', async () => {
      const ready = await request(server()).get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toMatch(/still being built/);
      const feed = await request(server()).get('/api/posts');
      expect(feed.status).toBe(503);
      expect(feed.headers['retry-after']).toBe('5');
      expect(feed.body).toEqual({ error: 'Service Unavailable', message: NOT_READY_MESSAGE, code: 'NOT_READY' });
    });

    it('signs a member up all the same (the account exists), and shows it once the projections have run', async () => {
      const details = newDetails();
      amina = await registerVisitor(server(), details);
      expect(amina.id).toEqual(expect.any(String));

      projections = await startRuntime(
        withRunMediaTools(loadConfig({ ...env, DATABASE_URL: TEST_DATABASE_URL, ROLE: 'projections' })),
        createLogger('silent'),
      );
      const me = await until(
        () => amina.agent.get('/api/auth/me'),
        (res) => res.status === 200,
        'the new member once the projections have run',
      );
      expect(me.body.user).toMatchObject({ id: amina.id, username: details.username, email: details.email });
      await until(
        () => request(server()).get('/api/ready'),
        (res) => res.status === 200,
        '/api/ready once every read model is built',
      );
    }, 60_000);

    it('answers 503 with Retry-After, not 500, while its database does not answer, and recovers', async () => {
      await proxy.cut();
      try {
        const me = await amina.agent.get('/api/auth/me');
        expect({ status: me.status, retryAfter: me.headers['retry-after'] }).toEqual({ status: 503, retryAfter: '5' });
        expect(me.body).toEqual({ error: 'Service Unavailable', message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
        const post = await amina.agent.post('/api/posts').set('X-CSRF-Token', amina.token).send({ content: 'Salaam' });
        expect(post.status).toBe(503);
        expect((await request(server()).get('/api/ready')).status).toBe(503);
      } finally {
        await proxy.open();
      }
      await until(
        () => amina.agent.get('/api/auth/me'),
        (res) => res.status === 200,
        'the API answering again once its database is back',
      );
    }, 60_000);
  });
}
