import { createHash } from 'node:crypto';

import type { SqlExecutor } from '../../sql/sql-client';
import { ident, retryDdlRace } from '../../sql/sql-client';
import type { ParsedCollectionSpec } from '../core/collection-spec';
import { assertName } from '../core/names';
import { jsonAt, sortExpression } from './sql-expressions';

// Prefixes keep read-model tables apart from the event store's and from each other's kinds.
export const collectionTable = (name: string): string => ident(`rm_${assertName('collection', name)}`);
export const searchTable = (name: string): string => ident(`rs_${assertName('search index', name)}`);
export const LEASE_TABLE = ident('read_store_leases');

// Deterministic names make CREATE INDEX IF NOT EXISTS idempotent; the hash covers the definition.
function indexName(table: string, definition: string): string {
  const hash = createHash('sha1').update(`${table}:${definition}`).digest('hex').slice(0, 12);
  return ident(`${table.replace(/"/g, '').slice(0, 40)}_${hash}`);
}

function index(table: string, using: string, columns: string, storage = ''): string {
  const name = indexName(table, `${using}:${columns}`);
  return `CREATE INDEX IF NOT EXISTS ${name} ON ${table} USING ${using} (${columns})${storage ? ` WITH (${storage})` : ''}`;
}

export function collectionDdl(spec: ParsedCollectionSpec): string[] {
  const table = collectionTable(spec.name);
  const statements = [`CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL)`];
  for (const ix of spec.indexes) {
    const columns = ix.fields.map((f) => (f.path === 'id' ? 'id' : `(${jsonAt('doc', f.parts)})`));
    if (ix.sort && ix.sort.field !== 'id') columns.push(`${sortExpression(ix.sort)} NULLS FIRST`);
    // Ties are broken by id, so the id closes every index and keyset pages read it in order.
    if (columns[columns.length - 1] !== 'id') columns.push('id');
    if (columns.length > 1) statements.push(index(table, 'btree', columns.join(', ')));
  }
  for (const f of spec.arrayFields) statements.push(index(table, 'gin', `(${jsonAt('doc', f.parts)}) jsonb_path_ops`));
  return statements;
}

/**
 * The text index's GIN index is kept without a pending list (fastupdate off). With one, new entries
 * wait unsorted (up to gin_pending_list_limit, 4 MB) until autovacuum merges them: every search
 * reads the whole list, and the planner, which counts its pages, judges the index dearer than a
 * sequential scan (measured on the bench's 10,000 members: 79 pending pages turned a 0.2 ms index
 * search into a 1.5 – 5 ms scan of every member). Entries are written one projection batch at a
 * time, so paying for the insert then is the cheaper side. The ALTER and the clean-up switch an
 * index made before this over; both do nothing the second time.
 */
export function searchIndexDdl(name: string): string[] {
  const table = searchTable(name);
  const gin = indexName(table, 'gin:tsv');
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, tsv tsvector NOT NULL, fields jsonb NOT NULL)`,
    index(table, 'gin', 'tsv', 'fastupdate = off'),
    `ALTER INDEX ${gin} SET (fastupdate = off)`,
    `SELECT gin_clean_pending_list('${gin}'::regclass)`,
  ];
}

export const leaseDdl = [
  `CREATE TABLE IF NOT EXISTS ${LEASE_TABLE} (name text PRIMARY KEY, owner text NOT NULL, expires_at timestamptz NOT NULL)`,
];

/**
 * Runs idempotent DDL. Two processes creating the same table at once can still collide inside
 * PostgreSQL's catalog (unique violation) despite IF NOT EXISTS; the retry then finds it existing.
 */
export async function runDdl(sql: SqlExecutor, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await retryDdlRace(() => sql.query(statement));
}
