import type { SqlExecutor } from '../../sql/sql-client';
import { decodeCursor } from '../core/cursor';
import { parseFilter } from '../core/filter';
import { pageLimit, toPage } from '../core/paging';
import { resolveSort } from '../core/sorting';
import type { Doc, FindQuery, FindResult } from '../read-store.port';
import { buildFindManyQuery } from './sql-find';

/** Several finds, each as its collection's `find` answers it, in one statement. */
export async function findMany(
  sql: SqlExecutor,
  finds: readonly { table: string; query: FindQuery }[],
): Promise<FindResult<Doc>[]> {
  if (finds.length === 0) return [];
  const parts = finds.map(({ table, query }) => {
    const sort = resolveSort(query.sort);
    const limit = pageLimit(query.limit);
    const after = query.after ? decodeCursor(query.after, sort) : null;
    return { table, clauses: parseFilter(query.where), sort, after, take: limit + 1, limit };
  });
  const { text, params } = buildFindManyQuery(parts);
  const { rows } = await sql.query<{ part: number; doc: Doc }>(text, params);
  const found = parts.map((): Doc[] => []);
  for (const { part, doc } of rows) found[part]!.push(doc);
  return parts.map((p, i) => toPage(found[i]!, p.limit, p.sort));
}
