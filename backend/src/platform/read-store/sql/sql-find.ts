import type { Clause } from '../core/filter';
import type { ResolvedSort, SortPosition } from '../core/sorting';
import { compileFilter, sortExpression, SqlParams } from './sql-expressions';

/**
 * The keyset condition after a cursor, as one or two index-friendly branches. NULL sort values
 * come first ascending and last descending, which an OR inside one WHERE would make unsargable
 * (the planner would filter a whole index scan instead of seeking). Each branch below is a plain
 * range on the index (equality fields, sort expression NULLS FIRST, id); the branches are cut
 * separately and merged.
 */
function keysetBranches(sort: ResolvedSort, key: string, after: SortPosition, params: SqlParams): string[] {
  const asc = sort.direction === 'asc';
  const id = params.add(after.id);
  if (sort.byId) return [asc ? `id > ${id}` : `id < ${id}`];
  if (after.value === null) {
    return asc ? [`${key} IS NULL AND id > ${id}`, `${key} IS NOT NULL`] : [`${key} IS NULL AND id < ${id}`];
  }
  const value =
    sort.type === 'number' ? `${params.add(String(after.value))}::numeric` : `${params.add(after.value)}::text`;
  return asc ? [`(${key}, id) > (${value}, ${id})`] : [`(${key}, id) < (${value}, ${id})`, `${key} IS NULL`];
}

export function buildFindQuery(
  table: string,
  clauses: readonly Clause[],
  sort: ResolvedSort,
  after: SortPosition | null,
  take: number,
  params: SqlParams = new SqlParams(),
): { text: string; params: unknown[]; order: string } {
  const where = compileFilter(clauses, 'doc', params);
  const key = sort.byId ? 'id' : sortExpression(sort);
  const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const order = sort.byId ? `id ${dir}` : `sk ${dir} NULLS ${dir === 'ASC' ? 'FIRST' : 'LAST'}, id ${dir}`;
  const limit = params.add(take);
  const branches = after ? keysetBranches(sort, key, after, params) : ['TRUE'];
  const select = (branch: string) =>
    `SELECT id, doc, ${key} AS sk FROM ${table} WHERE ${where} AND ${branch} ORDER BY ${order} LIMIT ${limit}`;
  const [only, ...more] = branches;
  if (only !== undefined && more.length === 0) return { text: select(only), params: params.values, order };
  const union = branches.map((b) => `(${select(b)})`).join(' UNION ALL ');
  return {
    text: `SELECT id, doc, sk FROM (${union}) AS page ORDER BY ${order} LIMIT ${limit}`,
    params: params.values,
    order,
  };
}

export interface FindPart {
  table: string;
  clauses: readonly Clause[];
  sort: ResolvedSort;
  after: SortPosition | null;
  take: number;
}

/**
 * Several finds as one statement: each is the statement buildFindQuery makes, numbered, its rows
 * numbered in its own order, so the answers come back apart and in order.
 */
export function buildFindManyQuery(parts: readonly FindPart[]): { text: string; params: unknown[] } {
  const params = new SqlParams();
  const selects = parts.map((p, i) => {
    const { text, order } = buildFindQuery(p.table, p.clauses, p.sort, p.after, p.take, params);
    return `SELECT ${i} AS part, row_number() OVER (ORDER BY ${order}) AS n, doc FROM (${text}) AS part${i}`;
  });
  return { text: `${selects.map((s) => `(${s})`).join(' UNION ALL ')} ORDER BY part, n`, params: params.values };
}
