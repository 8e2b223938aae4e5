import type { SqlExecutor } from '../../sql/sql-client';
import type { LeaseHold } from '../read-store.port';
import { LEASE_TABLE } from './sql-schema';

/**
 * Takes or renews a lease in one statement, so two contenders cannot both win: the upsert only
 * overwrites a row that the same owner holds or that has expired, and the database clock decides
 * expiry for every process.
 */
export async function acquireSqlLease(sql: SqlExecutor, name: string, owner: string, ttlMs: number): Promise<boolean> {
  const { rows } = await sql.query(
    `INSERT INTO ${LEASE_TABLE} AS l (name, owner, expires_at)
     VALUES ($1, $2, clock_timestamp() + $3::double precision * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
     WHERE l.owner = EXCLUDED.owner OR l.expires_at <= clock_timestamp()
     RETURNING name`,
    [name, owner, ttlMs],
  );
  return rows.length === 1;
}

/** acquireSqlLease for many leases, in one statement; the answer follows the order asked. */
export async function renewSqlLeases(
  sql: SqlExecutor,
  leases: readonly LeaseHold[],
  ttlMs: number,
): Promise<boolean[]> {
  if (leases.length === 0) return [];
  const { rows } = await sql.query<{ name: string }>(
    `INSERT INTO ${LEASE_TABLE} AS l (name, owner, expires_at)
     SELECT name, owner, clock_timestamp() + $3::double precision * interval '1 millisecond'
     FROM unnest($1::text[], $2::text[]) AS asked(name, owner)
     ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
     WHERE l.owner = EXCLUDED.owner OR l.expires_at <= clock_timestamp()
     RETURNING name`,
    [leases.map((l) => l.name), leases.map((l) => l.owner), ttlMs],
  );
  const held = new Set(rows.map((r) => r.name));
  return leases.map((l) => held.has(l.name));
}

export async function releaseSqlLease(sql: SqlExecutor, name: string, owner: string): Promise<void> {
  await sql.query(`DELETE FROM ${LEASE_TABLE} WHERE name = $1 AND owner = $2`, [name, owner]);
}
