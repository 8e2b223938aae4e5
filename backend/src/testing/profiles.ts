import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import {
  postgresReachable,
  redisReachable,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  withRunMediaTools,
} from '../platform/testing/services';
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
      // Five connections per process, not the deployment's 20: a PostgreSQL connection costs its
      // server ~40 ms of CPU to start on the VMs CI runs on (a process forked per connection), and
      // an app starting up opened all 20 at once (1.4 s of the server's CPU per start; 0.44 s with
      // five). Five still lets transactions overlap, and a piece of code that holds one connection
      // while it waits for another starves sooner here than in a deployment, not later.
      DATABASE_POOL_MAX: '5',
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

export type ProfileName = TestProfile['name'];

/**
 * The profiles one API suite runs on. API suites run on PostgreSQL + Redis, the production shape,
 * whenever both answer; the embedded engine is held to the contract suites of every port (event
 * store, read store, jobs, rate limits, read-model changes), the crash and restart suites and the
 * smoke suites that name it in `only`. Without PostgreSQL or Redis (a laptop) everything runs
 * embedded. `API_PROFILES=both` runs every suite on every reachable profile; `API_PROFILES=embedded`
 * or `postgres+redis` runs them all on that one.
 */
export function profilesFor(
  only: readonly ProfileName[] = ['postgres+redis'],
  choice = process.env.API_PROFILES ?? '',
): (() => TestProfile)[] {
  const reachable = testProfiles();
  const named = (names: readonly string[]) => reachable.filter((make) => names.includes(make().name));
  if (choice === 'both') return reachable;
  if (choice) return named([choice]).length ? named([choice]) : reachable.slice(0, 1);
  const wanted = named(only);
  return wanted.length ? wanted : reachable.slice(0, 1);
}

/**
 * Registers `body` once per profile of `profilesFor(only)` with a real runtime (all roles, one
 * process) started before and shut down and cleaned after. `extraEnv` adds settings (e.g. TRUST_PROXY;
 * `DEV_ROUTES: ''` runs without the development routes, as a deployment does).
 */
export function describeOnProfiles(
  title: string,
  body: (rt: () => Runtime, profile: ProfileName) => void,
  extraEnv: Record<string, string> = {},
  only?: readonly ProfileName[],
) {
  for (const make of profilesFor(only)) {
    const profile = make();
    describe(`${title} (${profile.name})`, () => body(useRuntime(extraEnv, profile), profile.name));
  }
}

/**
 * A real runtime (all roles, one process) for the describe block this is called in, on `profile`
 * (the API suites' default unless given): started before the block's tests, shut down and its stores
 * removed after. Answers a getter, valid once the tests run. `env` may be a function, called when the
 * runtime starts (after the block's earlier beforeAll hooks, e.g. one that writes a web app build).
 */
export function useRuntime(
  env: Record<string, string> | (() => Record<string, string>) = {},
  profile: TestProfile = profilesFor()[0]!(),
): () => Runtime {
  let runtime: Runtime | undefined;
  beforeAll(async () => {
    const extraEnv = typeof env === 'function' ? env() : env;
    const config = withRunMediaTools(
      loadConfig({
        ...API_TEST_ENV,
        // Tests read the mails the app sent through GET /api/dev/outbox (off outside development).
        ...(extraEnv.NODE_ENV === 'production' ? {} : { DEV_ROUTES: 'true' }),
        ...profile.env(),
        ...extraEnv,
      }),
    );
    runtime = await startRuntime(config, createLogger('silent'));
  }, 60_000);
  afterAll(async () => {
    await runtime?.shutdown();
    await profile.cleanup(runtime);
  }, 60_000);
  return () => runtime!;
}
