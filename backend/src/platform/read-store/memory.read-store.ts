import { parseCollectionSpec } from './core/collection-spec';
import { ReadStoreError } from './core/errors';
import { assertLease, assertLeaseHolds, assertName } from './core/names';
import { writeBatchInTransaction } from './core/write-batch';
import { Journal, type TableWrite, writeThrough } from './memory/journal';
import { MemoryCollection } from './memory/memory-collection';
import { type MemorySearchEntry, MemorySearchIndex } from './memory/memory-search-index';
import type {
  BatchWrites,
  Collection,
  CollectionSpec,
  Doc,
  LeaseHold,
  ReadStore,
  ReadStoreSession,
  SearchIndex,
} from './read-store.port';

/**
 * The in-memory read store, for unit tests. Like the SQL store it refuses collections and search
 * indexes that were not ensured first, so a missing ensureCollection shows up in unit tests too.
 * Transactions run one at a time and undo their own writes when fn throws; other writers are not
 * isolated from them (read uncommitted), which tests do not rely on. As on PGlite's single
 * connection, starting a transaction from inside another one waits forever.
 */
export class MemoryReadStore implements ReadStore {
  readonly engine = 'memory';
  private readonly collections = new Map<string, Map<string, Doc>>();
  private readonly searchIndexes = new Map<string, Map<string, MemorySearchEntry>>();
  private readonly leases = new Map<string, { owner: string; expiresAt: number }>();
  private transactions: Promise<unknown> = Promise.resolve();

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return this.collectionIn<T>(name, writeThrough);
  }

  searchIndex(name: string): SearchIndex {
    return this.searchIndexIn(name, writeThrough);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const { name } = parseCollectionSpec(spec);
    if (!this.collections.has(name)) this.collections.set(name, new Map());
  }

  async ensureSearchIndex(name: string): Promise<void> {
    assertName('search index', name);
    if (!this.searchIndexes.has(name)) this.searchIndexes.set(name, new Map());
  }

  async dropCollection(name: string): Promise<void> {
    this.collections.delete(assertName('collection', name));
  }

  async dropSearchIndex(name: string): Promise<void> {
    this.searchIndexes.delete(assertName('search index', name));
  }

  transaction<R>(fn: (session: ReadStoreSession) => Promise<R>): Promise<R> {
    const run = async (): Promise<R> => {
      const journal = new Journal();
      try {
        return await fn({
          collection: <T extends Doc = Doc>(name: string) => this.collectionIn<T>(name, journal.write),
          searchIndex: (name: string) => this.searchIndexIn(name, journal.write),
        });
      } catch (err) {
        journal.rollback();
        throw err;
      }
    };
    const result = this.transactions.then(run, run);
    this.transactions = result.catch(() => undefined);
    return result;
  }

  writeBatch(writes: BatchWrites[], options?: { durable?: boolean }): Promise<void> {
    return writeBatchInTransaction(this, writes, options);
  }

  async acquireLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    assertLease(name, owner, ttlMs);
    const now = Date.now();
    const current = this.leases.get(name);
    if (current && current.owner !== owner && current.expiresAt > now) return false;
    this.leases.set(name, { owner, expiresAt: now + ttlMs });
    return true;
  }

  async renewLeases(leases: readonly LeaseHold[], ttlMs: number): Promise<boolean[]> {
    assertLeaseHolds(leases, ttlMs);
    return Promise.all(leases.map((l) => this.acquireLease(l.name, l.owner, ttlMs)));
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    assertLease(name, owner);
    if (this.leases.get(name)?.owner === owner) this.leases.delete(name);
  }

  async close(): Promise<void> {
    this.collections.clear();
    this.searchIndexes.clear();
    this.leases.clear();
  }

  private collectionIn<T extends Doc>(name: string, write: TableWrite): Collection<T> {
    assertName('collection', name);
    return new MemoryCollection<T>(() => {
      const table = this.collections.get(name);
      if (!table) throw new ReadStoreError(`Collection ${name} does not exist (ensureCollection first)`);
      return table;
    }, write);
  }

  private searchIndexIn(name: string, write: TableWrite): SearchIndex {
    assertName('search index', name);
    return new MemorySearchIndex(() => {
      const table = this.searchIndexes.get(name);
      if (!table) throw new ReadStoreError(`Search index ${name} does not exist (ensureSearchIndex first)`);
      return table;
    }, write);
  }
}
