import IORedis from 'ioredis';

import { PgSqlClient } from '../sql/pg.sql-client';

/** Removes every key under prefix (tests clean up after themselves on the shared Redis). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new IORedis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/**
 * What a test run or a bench made in the shared stores: its PostgreSQL schema and its Redis keys
 * (queues, rate limits, presence, read-model changes all live under its prefix).
 */
export async function removeSharedStores(where: {
  databaseUrl: string;
  schema: string;
  redisUrl: string;
  redisPrefix: string;
}): Promise<void> {
  const sql = new PgSqlClient({ connectionString: where.databaseUrl });
  try {
    await sql.query(`DROP SCHEMA IF EXISTS ${where.schema} CASCADE`);
  } finally {
    await sql.close();
  }
  await deleteRedisKeys(where.redisUrl, where.redisPrefix);
}
