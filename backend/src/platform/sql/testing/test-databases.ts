import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { PgSqlClient } from '../pg.sql-client';

/** The PostgreSQL server tests use: DATABASE_URL, else the local server CI and dev machines run. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: Promise<boolean> | null = null;

/** True when a PostgreSQL server answers; in CI (CI=true) an unreachable server is an error. */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const c = new Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.query('select 1');
      return true;
    } catch (err) {
      if (process.env.CI) throw new Error(`PostgreSQL is required in CI but unreachable: ${String(err)}`);
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  })();
  return reachable;
}

/** A client on a fresh schema of its own; call dispose() to drop it. */
export async function createTestPgClient(prefix = 't', max = 20): Promise<PgSqlClient & { dispose(): Promise<void> }> {
  const schema = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const client = new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema, max }) as PgSqlClient & {
    dispose(): Promise<void>;
  };
  client.dispose = async () => {
    await client.dropSchema().catch(() => undefined);
    await client.close();
  };
  return client;
}
