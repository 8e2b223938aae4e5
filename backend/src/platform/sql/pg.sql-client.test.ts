import { randomBytes } from 'node:crypto';

import { postgresReachable, TEST_DATABASE_URL } from '../testing/services';
import { PgSqlClient } from './pg.sql-client';

const maybe = postgresReachable() ? describe : describe.skip;

maybe('PgSqlClient transactions (PostgreSQL)', () => {
  const schema = `t_sql_${randomBytes(4).toString('hex')}`;
  let sql: PgSqlClient;
  beforeAll(() => {
    sql = new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema });
  });
  afterAll(async () => {
    await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await sql.close();
  });

  const setting = async (tx: { query: PgSqlClient['query'] }) =>
    (await tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit;

  it('commits without waiting for the disk only when asked, and only for that transaction', async () => {
    expect(await sql.transaction((tx) => setting(tx))).toBe('on');
    expect(await sql.transaction((tx) => setting(tx), { durable: false })).toBe('off');
    // SET LOCAL ends with its transaction: the pooled connection is back to durable commits.
    expect(await sql.transaction((tx) => setting(tx))).toBe('on');
    expect(await setting(sql)).toBe('on');
  });

  it('still commits and rolls back as a unit', async () => {
    await sql.query('CREATE TABLE t (n int)');
    await sql.transaction((tx) => tx.query('INSERT INTO t VALUES (1)'), { durable: false });
    await expect(
      sql.transaction(
        async (tx) => {
          await tx.query('INSERT INTO t VALUES (2)');
          throw new Error('abandon');
        },
        { durable: false },
      ),
    ).rejects.toThrow('abandon');
    expect((await sql.query<{ n: number }>('SELECT n FROM t')).rows).toEqual([{ n: 1 }]);
  });
});

maybe('PgSqlClient.warm (PostgreSQL)', () => {
  it('opens the connections at once, before any traffic asks for them', async () => {
    const name = `warm_${randomBytes(4).toString('hex')}`;
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('application_name', name);
    const sql = new PgSqlClient({ connectionString: url.toString() });
    const observer = new PgSqlClient({ connectionString: TEST_DATABASE_URL, max: 1 });
    const backends = async () =>
      (
        await observer.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
          [name],
        )
      ).rows[0]!.n;
    try {
      expect(await backends()).toBe(0);
      await sql.warm(3);
      expect(await backends()).toBe(3);
    } finally {
      await sql.close();
      await observer.close();
    }
  });
});
