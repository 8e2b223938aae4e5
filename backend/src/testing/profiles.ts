import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { PgSqlClient } from '../platform/sql/pg.sql-client';
import { postgresReachable, redisReachable, TEST_DATABASE_URL, TEST_REDIS_URL } from '../platform/testing/services';
import { type Runtime, startRuntime } from '../runtime';

export interface TestProfile {
  name: 'embedded' | 'postgres+redis';
  /** Environment for loadConfig; call once per runtime. */
  env(): Record<string, string>;
  /** Removes what the run left behind (schema, queue keys, data directory). */
  cleanup(runtime: Runtime | undefined): Promise<void>;
}

function embedded(): TestProfile {
  let dir = '';
  return {
    name: 'embedded',
    env: () => {
      dir = mkdtempSync(join(tmpdir(), 'dc-api-'));
      return { DATA_DIR: dir };
    },
    cleanup: async () => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresRedis(): TestProfile {
  const id = randomBytes(4).toString('hex');
  const schema = `t_api_${id}`;
  const prefix = `dc-test-${id}`;
  return {
    name: 'postgres+redis',
    env: () => ({
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
    }),
    cleanup: async () => {
      const sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL });
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.close();
      const { default: IORedis } = await import('ioredis');
      const redis = new IORedis(TEST_REDIS_URL);
      // Queue and rate-limit keys both live under the run's prefix.
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** The profiles API tests run on: embedded always, PostgreSQL + Redis when both answer. */
export function testProfiles(): (() => TestProfile)[] {
  return postgresReachable() && redisReachable() ? [embedded, postgresRedis] : [embedded];
}

/**
 * Registers `body` once per profile with a real runtime (all roles, one process) started before and
 * shut down and cleaned after. `extraEnv` adds settings (e.g. TRUST_PROXY); `only` names the
 * profiles to run on when the engine does not matter to the suite (CI time).
 */
export function describeOnProfiles(
  title: string,
  body: (rt: () => Runtime, profile: TestProfile['name']) => void,
  extraEnv: Record<string, string> = {},
  only?: readonly TestProfile['name'][],
) {
  for (const make of testProfiles()) {
    const profile = make();
    if (only && !only.includes(profile.name)) continue;
    describe(`${title} (${profile.name})`, () => {
      let runtime: Runtime | undefined;
      beforeAll(async () => {
        const config = loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          FRONTEND_DIST: '/nonexistent',
          // A command waits for its read models; on a loaded 2-core machine 2 s was seen to run out
          // (sign-up answering before its user was projected). Suites that test the wait set their own.
          READ_YOUR_WRITES_TIMEOUT_MS: '10000',
          ...profile.env(),
          ...extraEnv,
        });
        runtime = await startRuntime(config, createLogger('silent'));
      }, 60_000);
      afterAll(async () => {
        await runtime?.shutdown();
        await profile.cleanup(runtime);
      }, 60_000);
      body(() => runtime!, profile.name);
    });
  }
}
