import { decodeCursor } from '../core/cursor';
import { assertDoc, assertId, inIdOrder, lastById, toJson } from '../core/docs';
import { matchesFilter, parseFilter } from '../core/filter';
import { pageLimit, toPage } from '../core/paging';
import { comparePositions, positionOf, resolveSort } from '../core/sorting';
import { applyParsedUpdate, parseUpdate } from '../core/update';
import type { Collection, Doc, Filter, FindQuery, FindResult, UpdateSpec } from '../read-store.port';
import type { TableWrite } from './journal';

/**
 * One collection of the memory store. Stored documents are private JSON copies that are replaced,
 * never mutated, so the undo journal can keep references to previous versions.
 */
export class MemoryCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly table: () => Map<string, Doc>,
    private readonly write: TableWrite,
  ) {}

  async get(id: string): Promise<T | null> {
    assertId(id);
    const doc = this.table().get(id);
    return doc ? (toJson(doc) as T) : null;
  }

  async getMany(ids: string[]): Promise<T[]> {
    ids.forEach(assertId);
    const table = this.table();
    const found = ids.flatMap((id) => {
      const d = table.get(id);
      return d ? [toJson(d) as T] : [];
    });
    return inIdOrder(ids, found);
  }

  async upsert(doc: T): Promise<void> {
    assertDoc(doc);
    this.write(this.table(), doc.id, toJson(doc) as Doc);
  }

  async upsertMany(docs: T[]): Promise<void> {
    const table = this.table();
    for (const doc of lastById(docs)) this.write(table, doc.id, toJson(doc) as Doc);
  }

  async update(id: string, spec: UpdateSpec, options?: { upsert?: boolean }): Promise<T | null> {
    assertId(id);
    const parsed = parseUpdate(spec);
    const table = this.table();
    const current = table.get(id) ?? (options?.upsert ? { id } : undefined);
    if (!current) return null;
    const next = applyParsedUpdate(current, parsed);
    this.write(table, id, next);
    return toJson(next) as T;
  }

  async delete(id: string): Promise<boolean> {
    assertId(id);
    const table = this.table();
    if (!table.has(id)) return false;
    this.write(table, id, undefined);
    return true;
  }

  async deleteMany(ids: string[]): Promise<number> {
    ids.forEach(assertId);
    const table = this.table();
    let deleted = 0;
    for (const id of new Set(ids)) {
      if (!table.has(id)) continue;
      this.write(table, id, undefined);
      deleted++;
    }
    return deleted;
  }

  async find(query: FindQuery = {}): Promise<FindResult<T>> {
    const sort = resolveSort(query.sort);
    const limit = pageLimit(query.limit);
    const after = query.after ? decodeCursor(query.after, sort) : null;
    const clauses = parseFilter(query.where);
    const rows = [...this.table().values()]
      .filter((d) => matchesFilter(d, clauses))
      .map((doc) => ({ doc, pos: positionOf(doc, sort) }))
      .filter((r) => !after || comparePositions(r.pos, after, sort) > 0)
      .sort((a, b) => comparePositions(a.pos, b.pos, sort));
    return toPage(
      rows.slice(0, limit + 1).map((r) => toJson(r.doc) as T),
      limit,
      sort,
    );
  }

  async count(where?: Filter): Promise<number> {
    const clauses = parseFilter(where);
    let n = 0;
    for (const d of this.table().values()) if (matchesFilter(d, clauses)) n++;
    return n;
  }
}
