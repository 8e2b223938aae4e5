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

function index(table: string, using: string, columns: string): string {
  return `CREATE INDEX IF NOT EXISTS ${indexName(table, `${using}:${columns}`)} ON ${table} USING ${using} (${columns})`;
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

export function searchIndexDdl(name: string): string[] {
  const table = searchTable(name);
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, tsv tsvector NOT NULL, fields jsonb NOT NULL)`,
    index(table, 'gin', 'tsv'),
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
