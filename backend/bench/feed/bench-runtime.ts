/**
 * The feed bench's app: like http-bench's startBenchApp (production mode, a PostgreSQL schema of
 * its own, dropped afterwards), with extra configuration (cache off, a role, Redis) and the SQL
 * statement counter started before the first connection.
 */
import { randomBytes } from 'node:crypto';

import { type AppConfig, loadConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logging';
import { removeSharedStores } from '../../src/platform/testing/shared-stores';
import { type Runtime, startRuntime } from '../../src/runtime';
import { countSqlStatements } from './sql-statements';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const newBenchSchema = (name: string) => `bench_${name}_${randomBytes(3).toString('hex')}`;

/** The environment of every process of one bench deployment. */
export function benchEnv(schema: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    QUEUE_PREFIX: schema,
    SEED: 'false',
    // One load generator on one address measures throughput; the rate limits would refuse most of it.
    RATE_LIMITS: 'off',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...extra,
  };
}

export async function startFeedRuntime(env: Record<string, string>): Promise<{ runtime: Runtime; config: AppConfig }> {
  countSqlStatements();
  const config = loadConfig(env);
  return { runtime: await startRuntime(config, createLogger('warn')), config };
}

/** The bench's schema and its Redis keys (QUEUE_PREFIX is the schema's name). */
export async function dropSchema(schema: string): Promise<void> {
  if (process.env.BENCH_KEEP) return;
  await removeSharedStores({ databaseUrl: DATABASE_URL, schema, redisUrl: REDIS_URL, redisPrefix: schema });
}
