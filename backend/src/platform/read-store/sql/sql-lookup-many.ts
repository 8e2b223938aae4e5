import type { SqlExecutor } from '../../sql/sql-client';
import { assertId, inIdOrder } from '../core/docs';
import type { Doc } from '../read-store.port';
import { SqlParams } from './sql-expressions';

/**
 * Documents by id from several tables as one statement (one round trip instead of one per
 * table): each table is read by its primary key, as getMany does, and the answers come back in
 * the order asked.
 */
export async function lookupMany(
  sql: SqlExecutor,
  lookups: readonly { table: string; ids: readonly string[] }[],
): Promise<Doc[][]> {
  const params = new SqlParams();
  const parts: string[] = [];
  lookups.forEach(({ table, ids }, i) => {
    ids.forEach(assertId);
    if (ids.length)
      parts.push(`SELECT ${i} AS lookup, doc FROM ${table} WHERE id = ANY(${params.add([...new Set(ids)])}::text[])`);
  });
  const found = lookups.map((): Doc[] => []);
  if (parts.length === 0) return found;
  const { rows } = await sql.query<{ lookup: number; doc: Doc }>(parts.join(' UNION ALL '), params.values);
  for (const { lookup, doc } of rows) found[lookup]!.push(doc);
  return lookups.map(({ ids }, i) => inIdOrder(ids, found[i]!));
}
