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

maybe('PgSqlClient prepared statements (PostgreSQL)', () => {
  const schema = `t_sqlprep_${randomBytes(4).toString('hex')}`;
  // Each client below holds one connection: what it keeps prepared is read back on that connection.
  const open = (preparedStatements?: boolean) =>
    new PgSqlClient({ connectionString: TEST_DATABASE_URL, schema, max: 1, preparedStatements });
  const withClient = async (fn: (sql: PgSqlClient) => Promise<void>, preparedStatements?: boolean) => {
    const sql = open(preparedStatements);
    try {
      await fn(sql);
    } finally {
      await sql.close();
    }
  };
  const prepared = async (sql: PgSqlClient) =>
    (await sql.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );
  afterAll(async () => {
    const sql = open();
    await sql.dropSchema();
    await sql.close();
  });

  it('keeps a statement that repeats with parameters prepared, and answers it the same', () =>
    withClient(async (sql) => {
      await sql.query('CREATE TABLE IF NOT EXISTS prep (id int PRIMARY KEY, v text)');
      await sql.query("INSERT INTO prep VALUES (1, 'one'), (2, 'two') ON CONFLICT DO NOTHING");
      const text = 'SELECT v FROM prep WHERE id = $1';
      const answers = [];
      for (const id of [1, 2, 1, 2, 1]) answers.push((await sql.query<{ v: string }>(text, [id])).rows[0]?.v);
      expect(answers).toEqual(['one', 'two', 'one', 'two', 'one']);
      expect(await prepared(sql)).toContain(text);
      // Inside a transaction too, on the same connection.
      const inTx = await sql.transaction((tx) => tx.query<{ v: string }>(text, [2]));
      expect(inTx.rows).toEqual([{ v: 'two' }]);
    }));

  it('leaves a long statement (a batched read of many parts) unprepared: its plan would hold megabytes', () =>
    withClient(async (sql) => {
      const parts = Array.from({ length: 60 }, (_, i) => `SELECT ${i} AS part, $1::int AS n`);
      const text = parts.join(' UNION ALL ');
      expect(text.length).toBeGreaterThan(2000);
      for (let i = 0; i < 5; i++) expect((await sql.query(text, [i])).rows).toHaveLength(60);
      expect(await prepared(sql)).not.toContain(text);
    }));

  it('answers a clear error while its table is gone, and works again once the table is back', () =>
    withClient(async (sql) => {
      await sql.query('CREATE TABLE again (id int PRIMARY KEY)');
      await sql.query('INSERT INTO again VALUES (7)');
      const text = 'SELECT id FROM again WHERE id = $1';
      for (let i = 0; i < 4; i++) await sql.query(text, [7]);
      expect(await prepared(sql)).toContain(text);
      await sql.query('DROP TABLE again');
      await expect(sql.query(text, [7])).rejects.toThrow(/relation "again" does not exist/);
      await sql.query('CREATE TABLE again (id int PRIMARY KEY, extra text)');
      await sql.query('INSERT INTO again VALUES (7)');
      expect((await sql.query(text, [7])).rows).toEqual([{ id: 7 }]);
    }));

  it('prepares nothing when told not to (behind a pooler in transaction mode)', () =>
    withClient(async (sql) => {
      for (let i = 0; i < 5; i++) await sql.query('SELECT $1::int AS n', [i]);
      expect(await prepared(sql)).toEqual([]);
    }, false));
});

maybe('PgSqlClient.warm (PostgreSQL)', () => {
  // A client whose connections carry a name of their own, and an observer that counts them.
  let sql: PgSqlClient;
  let observer: PgSqlClient;
  let backends: () => Promise<number>;
  const open = (max?: number) => {
    const name = `warm_${randomBytes(4).toString('hex')}`;
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('application_name', name);
    sql = new PgSqlClient({ connectionString: url.toString(), ...(max ? { max } : {}) });
    observer = new PgSqlClient({ connectionString: TEST_DATABASE_URL, max: 1 });
    backends = async () =>
      (
        await observer.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
          [name],
        )
      ).rows[0]!.n;
  };
  afterEach(async () => {
    await sql.close();
    await observer.close();
  });

  it('opens the connections at once, before any traffic asks for them', async () => {
    open();
    expect(await backends()).toBe(0);
    await sql.warm(3);
    expect(await backends()).toBe(3);
  });

  it('asked for more than the pool holds, opens what it may and returns (a small pool must not hang the start)', async () => {
    open(3);
    const unsubscribe = await sql.listen('warm_small_pool', () => undefined);
    // The listener holds one of the three; the warm-up takes the other two and gives them back.
    await sql.warm(8);
    expect(await backends()).toBe(3);
    await unsubscribe();
  });
});
