/** What a bench made in the shared stores, removed when it ends: its schema and its Redis keys. */
import { PgSqlClient } from '../src/platform/sql/pg.sql-client';

export async function removeBenchStores(where: {
  databaseUrl: string;
  schema: string;
  redisUrl: string;
  /** Every key the bench's processes wrote starts with `<prefix>:` (queues, presence, changes). */
  redisPrefix: string;
}): Promise<void> {
  const sql = new PgSqlClient({ connectionString: where.databaseUrl });
  try {
    await sql.query(`DROP SCHEMA IF EXISTS ${where.schema} CASCADE`);
  } finally {
    await sql.close();
  }
  const { default: IORedis } = await import('ioredis');
  const redis = new IORedis(where.redisUrl);
  try {
    const keys = await redis.keys(`${where.redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
