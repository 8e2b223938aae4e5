import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { loadConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logging';
import { startRuntime, Runtime } from '../../src/runtime';
import { postgresReachable, redisReachable, TEST_DATABASE_URL, TEST_REDIS_URL } from '../../src/platform/testing/services';
import { PgSqlClient } from '../../src/platform/sql/pg.sql-client';
import { BullMqJobQueue } from '../../src/platform/jobs/bullmq.job-queue';
import { MailService } from './mail.service';

/**
 * The whole path a verification mail takes: MailService in the API queues mail.send, the worker
 * side of the same runtime delivers it to the outbox, GET /api/dev/outbox shows it.
 */
interface Profile {
  name: string;
  env: () => Record<string, string>;
  /** Runs while the runtime is still open (e.g. to remove this run's queue keys). */
  beforeShutdown?: (runtime: Runtime) => Promise<void>;
  afterShutdown: () => Promise<void>;
}

function describeOutboxFlow(profile: Profile) {
  describe(`development outbox (${profile.name})`, () => {
    let runtime: Runtime;

    beforeAll(async () => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...profile.env() });
      runtime = await startRuntime(config, createLogger('silent'));
    });
    afterAll(async () => {
      if (runtime) {
        await profile.beforeShutdown?.(runtime);
        await runtime.shutdown();
      }
      await profile.afterShutdown();
    });

    const server = () => runtime.http!.getHttpServer();
    const token = () => randomBytes(8).toString('hex');

    it('shows a sent mail with its link, found by recipient whatever the case', async () => {
      const t = token();
      const link = `http://localhost:3000/api/auth/verify-email?token=${t}`;
      const to = `Amina.${t}@Example.test`;
      const id = await runtime.http!.get(MailService).send({
        to,
        template: 'verify-email',
        locale: 'ar',
        params: { displayName: 'آمنة', link },
        userId: 'user-1',
      });
      await runtime.platform.jobQueue.idle();

      const res = await request(server()).get('/api/dev/outbox').query({ to: to.toLowerCase() }).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        mails: [
          {
            id,
            to,
            subject: 'أكّد بريدك الإلكتروني في DeenConnect',
            text: expect.stringContaining(link),
            html: expect.stringContaining('dir="rtl"'),
            template: 'verify-email',
            locale: 'ar',
            links: [link],
            userId: 'user-1',
            createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          },
        ],
      });
    });

    it('lists newest first and honours the limit', async () => {
      const to = `order.${token()}@example.test`;
      const mails = runtime.http!.get(MailService);
      const ids: string[] = [];
      for (const template of ['verify-email', 'reset-password', 'verify-email'] as const) {
        ids.push(await mails.send({ to, template, params: { displayName: 'Omar', link: 'http://localhost:3000/x' } }));
      }
      await runtime.platform.jobQueue.idle();

      const all = await request(server()).get('/api/dev/outbox').query({ to }).expect(200);
      expect(all.body.mails.map((m: { id: string }) => m.id)).toEqual([...ids].reverse());
      const two = await request(server()).get('/api/dev/outbox').query({ to, limit: '2' }).expect(200);
      expect(two.body.mails.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
      const latest = await request(server()).get('/api/dev/outbox').query({ limit: '1' }).expect(200);
      expect(latest.body.mails.map((m: { id: string }) => m.id)).toEqual([ids[2]]);
    });

    it('answers a bad limit with 400 in the error shape', async () => {
      const res = await request(server()).get('/api/dev/outbox?limit=lots').expect(400);
      expect(res.body).toEqual({ error: 'Bad Request', message: 'limit must be a whole number', code: 'VALIDATION_FAILED' });
    });
  });
}

const tempDirs: string[] = [];
describeOutboxFlow({
  name: 'embedded profile',
  env: () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-mail-'));
    tempDirs.push(dir);
    return { DATA_DIR: dir, FRONTEND_DIST: join(dir, 'none') };
  },
  afterShutdown: async () => {
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  },
});

if (postgresReachable() && redisReachable()) {
  const schema = `t_mail_${randomBytes(4).toString('hex')}`;
  describeOutboxFlow({
    name: 'PostgreSQL + Redis profile',
    env: () => ({
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `dc-test-${schema}`,
    }),
    // Completed jobs stay in Redis with their data (one-time links included): remove this run's queue.
    beforeShutdown: async (runtime) => {
      const queue = runtime.platform.jobQueue;
      if (!(queue instanceof BullMqJobQueue)) throw new Error(`expected BullMQ, got ${queue.engine}`);
      await queue.obliterate();
    },
    afterShutdown: async () => {
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.close();
    },
  });
}

describe('development outbox in production', () => {
  let runtime: Runtime;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dc-mail-prod-'));
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FRONTEND_DIST: join(dataDir, 'none') });
    runtime = await startRuntime(config, createLogger('silent'));
  });
  afterAll(async () => {
    await runtime?.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not exist, even after a mail was sent', async () => {
    await runtime.http!.get(MailService).send({
      to: 'amina@example.test',
      template: 'reset-password',
      params: { displayName: 'Amina', link: 'http://localhost:3000/reset-password?token=secret' },
    });
    await runtime.platform.jobQueue.idle();
    const res = await request(runtime.http!.getHttpServer()).get('/api/dev/outbox?to=amina@example.test').expect(404);
    expect(res.body).toEqual({ error: 'Not Found', message: 'Cannot GET /api/dev/outbox', code: 'NOT_FOUND' });
  });
});
