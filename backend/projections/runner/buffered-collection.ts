import { applyUpdate } from '../../src/platform/read-store';
import type {
  Collection,
  Doc,
  Filter,
  FindQuery,
  FindResult,
  UpdateSpec,
} from '../../src/platform/read-store/read-store.port';
import type { CollectionCache } from './cached-collection';

/**
 * Thrown when a batch run without a transaction asks for something only a transaction can give
 * (a query that must see the batch's own unwritten changes, a search index write): the batch is
 * then run again inside one.
 */
export class NeedsTransaction extends Error {
  constructor(what: string) {
    super(`${what} needs the batch to run in a transaction`);
  }
}

export interface BufferOptions {
  /**
   * 'deferred': nothing is written until the batch commits (applyBatch writes it all at once), and
   * reads go to committed data, so loaded documents may go into the shared cache.
   * 'transaction': writes may be flushed early into the batch's open transaction (for queries that
   * must see them), so reads may see uncommitted data and are never shared.
   */
  mode: 'deferred' | 'transaction';
  /** The runner's cache of this collection (what is committed), if it keeps one. */
  shared?: CollectionCache | null | undefined;
}

/**
 * A unit of work over one collection for the length of a projection batch: reads are cached,
 * writes are applied in memory and written once at the end (or flushed as one upsertMany and one
 * deleteMany). This is what lets a replay run at tens of thousands of events per second instead of
 * one round trip per event.
 */
export class BufferedCollection<T extends Doc = Doc> implements Collection<T> {
  /** null = known to be absent. */
  private readonly cache = new Map<string, T | null>();
  private readonly dirty = new Set<string>();
  private readonly deleted = new Set<string>();
  /** Everything the batch wrote, flushed or not: what the shared cache learns once it commits. */
  readonly written = new Map<string, T | null>();

  constructor(
    private readonly target: Collection<T>,
    private readonly options: BufferOptions = { mode: 'transaction' },
  ) {}

  async get(id: string): Promise<T | null> {
    if (!this.cache.has(id)) await this.load([id]);
    return this.cache.get(id) ?? null;
  }

  async getMany(ids: string[]): Promise<T[]> {
    await this.load(ids.filter((id) => !this.cache.has(id)));
    return ids.map((id) => this.cache.get(id)).filter((d): d is T => !!d);
  }

  /** Loads documents not yet cached: from the shared cache (copies: handlers change them), else with one read. */
  async load(ids: string[]): Promise<void> {
    const shared = this.options.shared;
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      if (this.cache.has(id)) continue;
      const held = shared?.doc(id);
      if (held === undefined) missing.push(id);
      else this.cache.set(id, held === null ? null : structuredClone(held as T));
    }
    if (missing.length === 0) return;
    const epoch = shared?.epoch ?? 0;
    const found = await this.target.getMany(missing);
    for (const id of missing) this.cache.set(id, null);
    for (const doc of found) this.cache.set(doc.id, doc);
    if (shared && this.options.mode === 'deferred') {
      for (const id of missing) {
        const doc = this.cache.get(id);
        shared.keepDoc(id, doc ? structuredClone(doc) : null, epoch);
      }
    }
  }

  async upsert(doc: T): Promise<void> {
    this.put(doc);
  }

  async upsertMany(docs: T[]): Promise<void> {
    for (const doc of docs) this.put(doc);
  }

  async update(id: string, spec: UpdateSpec, options?: { upsert?: boolean }): Promise<T | null> {
    const current = await this.get(id);
    if (!current && !options?.upsert) return null;
    const next = applyUpdate((current ?? { id }) as T, spec);
    this.put(next);
    return next;
  }

  async delete(id: string): Promise<boolean> {
    const existed = (await this.get(id)) !== null;
    this.cache.set(id, null);
    this.dirty.delete(id);
    this.deleted.add(id);
    this.written.set(id, null);
    return existed;
  }

  async deleteMany(ids: string[]): Promise<number> {
    let n = 0;
    for (const id of ids) if (await this.delete(id)) n++;
    return n;
  }

  // Queries see the batch's own writes: flush first, then ask the store.
  async find(query?: FindQuery): Promise<FindResult<T>> {
    await this.beforeQuery('find');
    return this.target.find(query);
  }

  async count(where?: Filter): Promise<number> {
    await this.beforeQuery('count');
    return this.target.count(where);
  }

  /** Writes what is pending into the open transaction. */
  async flush(): Promise<void> {
    if (this.deleted.size > 0) {
      await this.target.deleteMany([...this.deleted]);
      this.deleted.clear();
    }
    if (this.dirty.size > 0) {
      const docs = this.pending();
      this.dirty.clear();
      await this.target.upsertMany(docs);
    }
  }

  /** What a deferred batch writes when it commits. */
  pendingWrites(): { upserts: T[]; deletes: string[] } {
    return { upserts: this.pending(), deletes: [...this.deleted] };
  }

  private pending(): T[] {
    return [...this.dirty].map((id) => this.cache.get(id)).filter((d): d is T => !!d);
  }

  private async beforeQuery(what: string) {
    if (this.dirty.size === 0 && this.deleted.size === 0) return;
    if (this.options.mode === 'deferred') throw new NeedsTransaction(what);
    await this.flush();
  }

  private put(doc: T) {
    this.cache.set(doc.id, doc);
    this.deleted.delete(doc.id);
    this.dirty.add(doc.id);
    this.written.set(doc.id, doc);
  }
}
