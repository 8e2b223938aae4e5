import { PGliteSqlClient } from '../../sql/pglite.sql-client';
import type { SqlClient } from '../../sql/sql-client';
import { createTestPgClient } from '../../sql/testing/test-databases';
import { postgresReachable } from '../../testing/services';
import { parseFilter } from '../core/filter';
import { resolveSort } from '../core/sorting';
import type { Filter, SortSpec } from '../read-store.port';
import { SqlReadStore } from '../sql.read-store';
import { buildFindQuery } from './sql-find';
import { collectionTable } from './sql-schema';

/**
 * The index DDL and the query text are built separately; PostgreSQL only uses an expression index
 * when both spell the expression the same. The tables here are small, so the planner is pushed
 * (scans, bitmaps and sorts priced out): a plan that still scans or sorts means the indexes cannot
 * serve the query in order.
 */
const SORT_NODE = /^\s*(->\s+)?(Incremental )?Sort(?! Key)/m;
function describePlans(engine: string, open: () => Promise<{ sql: SqlClient; dispose(): Promise<void> }>) {
  describe(`query plans on ${engine}`, () => {
    let sql: SqlClient;
    let dispose: () => Promise<void>;
    const table = collectionTable('plans');

    beforeAll(async () => {
      ({ sql, dispose } = await open());
      const store = new SqlReadStore(sql);
      await store.ensureCollection({
        name: 'plans',
        indexes: [
          { fields: ['authorId'], sort: { field: 'createdAt' } },
          { fields: ['kind'], sort: { field: 'likes', type: 'number' } },
        ],
        arrayFields: ['tags'],
      });
      await store.collection('plans').upsertMany(
        Array.from({ length: 500 }, (_, i) => ({
          id: `p${i}`,
          authorId: `u${i % 10}`,
          kind: i % 2 ? 'post' : 'poll',
          createdAt: `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
          likes: i % 7,
          tags: [`t${i % 5}`],
        })),
      );
      await sql.query(`ANALYZE ${table}`);
    });
    afterAll(async () => dispose?.());

    const plan = async (
      where: Filter,
      sort: SortSpec | undefined,
      after: { value: string | number | null; id: string } | null,
    ) => {
      const q = buildFindQuery(table, parseFilter(where), resolveSort(sort), after, 11);
      return sql.transaction(async (tx) => {
        for (const knob of ['seqscan', 'bitmapscan', 'sort']) await tx.query(`SET LOCAL enable_${knob} = off`);
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${q.text}`, q.params);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    };

    it.each([
      ['a first page', null],
      ['a page after a value (two branches)', { value: '2024-01-01T00:00:30Z', id: 'p30' }],
      ['a page after a null value', { value: null, id: 'p30' }],
    ])('seeks the equality + sort index for %s, newest first', async (_, after) => {
      const text = await plan({ authorId: 'u1' }, { field: 'createdAt', direction: 'desc' }, after);
      expect(text).not.toMatch(/Seq Scan/);
      expect(text).not.toMatch(SORT_NODE);
      expect(text).toMatch(/Index Scan Backward using/);
    });

    it('seeks with a row comparison for numeric sorts ascending', async () => {
      const text = await plan(
        { kind: 'post' },
        { field: 'likes', direction: 'asc', type: 'number' },
        { value: 3, id: 'p9' },
      );
      expect(text).toMatch(/Index Cond: .*ROW\(/);
      expect(text).not.toMatch(/Seq Scan/);
      expect(text).not.toMatch(SORT_NODE);
    });

    it('can answer $contains from the GIN index', async () => {
      const { rows } = await sql.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_indexscan = off');
        const q = buildFindQuery(table, parseFilter({ tags: { $contains: 't1' } }), resolveSort(undefined), null, 11);
        return tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q.text}`, q.params);
      });
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan[\s\S]*@>/);
    });
  });
}

describePlans('pglite', async () => {
  const sql = await PGliteSqlClient.open();
  return { sql, dispose: () => sql.close() };
});

if (postgresReachable()) {
  describePlans('postgres', async () => {
    const sql = await createTestPgClient('rsplan');
    return { sql, dispose: () => sql.dispose() };
  });
}
