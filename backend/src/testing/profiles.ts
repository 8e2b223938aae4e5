import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import { postgresReachable, redisReachable, TEST_DATABASE_URL, TEST_REDIS_URL } from '../platform/testing/services';
import { removeSharedStores } from '../platform/testing/shared-stores';
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
    cleanup: () =>
      removeSharedStores({
        databaseUrl: TEST_DATABASE_URL,
        schema,
        redisUrl: TEST_REDIS_URL,
        redisPrefix: prefix,
      }),
  };
}

/** The settings every API test's runtime starts from: quiet, no web app build to serve. */
export const API_TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  FRONTEND_DIST: '/nonexistent',
  // A command waits for its read models; on a loaded 2-core machine 2 s was seen to run out
  // (sign-up answering before its user was projected). Suites that test the wait set their own.
  READ_YOUR_WRITES_TIMEOUT_MS: '10000',
};

/** The profiles this machine can run: embedded always, PostgreSQL + Redis when both answer. */
export function testProfiles(): (() => TestProfile)[] {
  return postgresReachable() && redisReachable() ? [embedded, postgresRedis] : [embedded];
}

/** FNV-1a: a stable spread of suite titles over the profiles, the same on every machine and run. */
function titleHash(title: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) h = Math.imul(h ^ title.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The profiles one API suite runs on. Every engine's adapters are held to the contract suites
 * (event store, read store, queue); the API suites above them each run on one profile, picked by
 * their title, so that both engines carry about half of the API surface in every run and CI keeps
 * its 20-minute budget. `API_PROFILES=both` runs every suite on every reachable profile;
 * `API_PROFILES=embedded` or `postgres+redis` runs them all on that one.
 */
export function profilesFor(title: string, choice = process.env.API_PROFILES ?? 'split'): (() => TestProfile)[] {
  const reachable = testProfiles();
  if (choice === 'both' || reachable.length === 1) return reachable;
  const byName = reachable.filter((make) => make().name === choice);
  if (byName.length) return byName;
  return [reachable[titleHash(title) % reachable.length]!];
}

/**
 * Registers `body` once per profile of `profilesFor(title)` with a real runtime (all roles, one
 * process) started before and shut down and cleaned after. `extraEnv` adds settings (e.g. TRUST_PROXY;
 * `DEV_ROUTES: ''` runs without the development routes, as a deployment does).
 */
export function describeOnProfiles(
  title: string,
  body: (rt: () => Runtime, profile: TestProfile['name']) => void,
  extraEnv: Record<string, string> = {},
) {
  for (const make of profilesFor(title)) {
    const profile = make();
    describe(`${title} (${profile.name})`, () => {
      let runtime: Runtime | undefined;
      beforeAll(async () => {
        const config = loadConfig({
          ...API_TEST_ENV,
          // Tests read the mails the app sent through GET /api/dev/outbox (off outside development).
          ...(extraEnv.NODE_ENV === 'production' ? {} : { DEV_ROUTES: 'true' }),
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
