import type { SqlExecutor } from '../../sql/sql-client';
import { decodeCursor } from '../core/cursor';
import { assertDoc, assertId, inIdOrder, lastById } from '../core/docs';
import { parseFilter } from '../core/filter';
import { pageLimit, toPage } from '../core/paging';
import { resolveSort } from '../core/sorting';
import { applyParsedUpdate, parseUpdate } from '../core/update';
import type { Collection, Doc, Filter, FindQuery, FindResult, UpdateSpec } from '../read-store.port';
import { compileFilter, SqlParams, storable } from './sql-expressions';
import { buildFindQuery } from './sql-find';

/** Runs fn in a transaction: a new one at the store's top level, the current one inside a session. */
export type InTransaction = <R>(fn: (tx: SqlExecutor) => Promise<R>) => Promise<R>;

/** A collection as a table (id text COLLATE "C" primary key, doc jsonb), on PostgreSQL or PGlite. */
export class SqlCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly table: string,
    private readonly sql: SqlExecutor,
    private readonly inTransaction: InTransaction,
  ) {}

  async get(id: string): Promise<T | null> {
    assertId(id);
    if (!storable(id)) return null;
    const { rows } = await this.sql.query<{ doc: T }>(`SELECT doc FROM ${this.table} WHERE id = $1`, [id]);
    return rows[0]?.doc ?? null;
  }

  async getMany(ids: string[]): Promise<T[]> {
    ids.forEach(assertId);
    if (!ids.length) return [];
    const { rows } = await this.sql.query<{ doc: T }>(`SELECT doc FROM ${this.table} WHERE id = ANY($1::text[])`, [
      [...new Set(ids.filter(storable))],
    ]);
    return inIdOrder(
      ids,
      rows.map((r) => r.doc),
    );
  }

  async upsert(doc: T): Promise<void> {
    assertDoc(doc);
    await this.sql.query(
      `INSERT INTO ${this.table} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      [doc.id, JSON.stringify(doc)],
    );
  }

  // One statement for the whole batch: projections replaying the log write through here.
  async upsertMany(docs: T[]): Promise<void> {
    const unique = lastById(docs);
    if (!unique.length) return;
    await this.sql.query(
      `INSERT INTO ${this.table} (id, doc) SELECT e->>'id', e FROM jsonb_array_elements($1::jsonb) AS e
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      [JSON.stringify(unique)],
    );
  }

  /**
   * Read-modify-write under a row lock, with the same update code as the other adapters (one
   * behaviour everywhere, including its errors). An upsert that finds no row inserts its result;
   * if a concurrent upsert inserted first, the loop locks that row and applies on top of it.
   */
  async update(id: string, spec: UpdateSpec, options?: { upsert?: boolean }): Promise<T | null> {
    assertId(id);
    const parsed = parseUpdate(spec);
    return this.inTransaction(async (tx) => {
      for (;;) {
        const { rows } = await tx.query<{ doc: T }>(`SELECT doc FROM ${this.table} WHERE id = $1 FOR UPDATE`, [id]);
        const [row] = rows;
        if (row) {
          const next = applyParsedUpdate(row.doc, parsed);
          await tx.query(`UPDATE ${this.table} SET doc = $2::jsonb WHERE id = $1`, [id, JSON.stringify(next)]);
          return next;
        }
        if (!options?.upsert) return null;
        const created = applyParsedUpdate({ id } as T, parsed);
        const inserted = await tx.query(
          `INSERT INTO ${this.table} (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING RETURNING id`,
          [id, JSON.stringify(created)],
        );
        if (inserted.rows.length) return created;
      }
    });
  }

  async delete(id: string): Promise<boolean> {
    assertId(id);
    if (!storable(id)) return false;
    const res = await this.sql.query(`DELETE FROM ${this.table} WHERE id = $1 RETURNING id`, [id]);
    return res.rows.length > 0;
  }

  async deleteMany(ids: string[]): Promise<number> {
    ids.forEach(assertId);
    if (!ids.length) return 0;
    const res = await this.sql.query(`DELETE FROM ${this.table} WHERE id = ANY($1::text[]) RETURNING id`, [
      [...new Set(ids.filter(storable))],
    ]);
    return res.rows.length;
  }

  async find(query: FindQuery = {}): Promise<FindResult<T>> {
    const sort = resolveSort(query.sort);
    const limit = pageLimit(query.limit);
    const after = query.after ? decodeCursor(query.after, sort) : null;
    const { text, params } = buildFindQuery(this.table, parseFilter(query.where), sort, after, limit + 1);
    const { rows } = await this.sql.query<{ doc: T }>(text, params);
    return toPage(
      rows.map((r) => r.doc),
      limit,
      sort,
    );
  }

  async count(where?: Filter): Promise<number> {
    const params = new SqlParams();
    const condition = compileFilter(parseFilter(where), 'doc', params);
    const { rows } = await this.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.table} WHERE ${condition}`,
      params.values,
    );
    const [row] = rows;
    if (!row) throw new Error(`count on ${this.table} returned no row`);
    return row.n;
  }
}
