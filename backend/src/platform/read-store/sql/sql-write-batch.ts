import type { SqlExecutor } from '../../sql/sql-client';
import { parseWrites } from '../core/write-batch';
import type { BatchWrites } from '../read-store.port';
import { collectionTable, searchTable } from './sql-schema';
import { tsvectorLiteral } from './sql-text-search';

/**
 * A batch of writes as one statement: one data-modifying CTE per delete and upsert, so the whole
 * batch commits alone, in one round trip, without BEGIN and COMMIT around it. Every row is touched
 * at most once (parseWrites refuses an id both upserted and deleted), which is what lets the CTEs
 * run side by side. A transaction that holds an id for one round trip instead of several also holds
 * back the event store's visibility horizon (pg_snapshot_xmin) for that much less.
 */
export async function sqlWriteBatch(sql: SqlExecutor, writes: readonly BatchWrites[], durable: boolean): Promise<void> {
  const { collections, searchIndexes } = parseWrites(writes);
  if (collections.length === 0 && searchIndexes.length === 0) return;
  const params: unknown[] = [];
  const ctes: string[] = [];
  // The setting lasts until this statement's implicit transaction commits, so it governs that commit.
  ctes.push(`s AS (SELECT set_config('synchronous_commit', '${durable ? 'on' : 'off'}', true) AS v)`);
  /** One CTE with its parameter (the next $n): `sql` is given the parameter's placeholder. */
  const cte = (kind: 'd' | 'u', param: unknown, sql: (p: string) => string) => {
    params.push(param);
    ctes.push(`${kind}${ctes.length} AS (${sql(`$${params.length}`)})`);
  };
  for (const w of collections) {
    const table = collectionTable(w.collection);
    if (w.deletes.length) cte('d', w.deletes, (p) => `DELETE FROM ${table} WHERE id = ANY(${p}::text[])`);
    if (w.upserts.length)
      cte(
        'u',
        JSON.stringify(w.upserts),
        (p) => `INSERT INTO ${table} (id, doc) SELECT e->>'id', e FROM jsonb_array_elements(${p}::jsonb) AS e
         ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      );
  }
  // A search index's rows as the index's own upsert writes them (sql-search-index.ts): the words
  // as a tsvector literal, the fields as JSON.
  for (const w of searchIndexes) {
    const table = searchTable(w.searchIndex);
    if (w.removes.length) cte('d', w.removes, (p) => `DELETE FROM ${table} WHERE id = ANY(${p}::text[])`);
    if (w.upserts.length)
      cte(
        'u',
        JSON.stringify(
          w.upserts.map(({ id, parsed }) => ({ id, tsv: tsvectorLiteral(parsed.tokens), fields: parsed.fields })),
        ),
        (p) => `INSERT INTO ${table} (id, tsv, fields) SELECT e->>'id', (e->>'tsv')::tsvector, e->'fields'
         FROM jsonb_array_elements(${p}::jsonb) AS e
         ON CONFLICT (id) DO UPDATE SET tsv = EXCLUDED.tsv, fields = EXCLUDED.fields`,
      );
  }
  await sql.query(`WITH ${ctes.join(',\n')} SELECT v FROM s`, params);
}
