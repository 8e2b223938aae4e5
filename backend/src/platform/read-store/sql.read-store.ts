import type { SqlClient, SqlExecutor } from '../sql/sql-client';
import { parseCollectionSpec } from './core/collection-spec';
import { assertLease, assertLeaseHolds } from './core/names';
import type {
  BatchWrites,
  Collection,
  CollectionFind,
  CollectionSpec,
  Doc,
  FindResult,
  IdLookup,
  IndexSearch,
  LeaseHold,
  ReadStore,
  ReadStoreSession,
  SearchHit,
  SearchIndex,
} from './read-store.port';
import { type InTransaction, SqlCollection } from './sql/sql-collection';
import { findMany } from './sql/sql-find-many';
import { acquireSqlLease, releaseSqlLease, renewSqlLeases } from './sql/sql-leases';
import { lookupMany } from './sql/sql-lookup-many';
import { collectionDdl, collectionTable, leaseDdl, runDdl, searchIndexDdl, searchTable } from './sql/sql-schema';
import { searchMany, SqlSearchIndex } from './sql/sql-search-index';
import { sqlWriteBatch } from './sql/sql-write-batch';

export interface SqlReadStoreOptions {
  /** Close the SqlClient with the store; off by default because the event store may share it. */
  closeClient?: boolean;
}

/** The read store on PostgreSQL or embedded PGlite: the same statements on both. */
export class SqlReadStore implements ReadStore {
  readonly engine: string;
  private leaseTable: Promise<void> | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly options: SqlReadStoreOptions = {},
  ) {
    this.engine = sql.engine;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new SqlCollection<T>(collectionTable(name), this.sql, (fn) => this.sql.transaction(fn));
  }

  searchIndex(name: string): SearchIndex {
    return new SqlSearchIndex(searchTable(name), this.sql);
  }

  searchMany(searches: readonly IndexSearch[]): Promise<SearchHit[][]> {
    return searchMany(
      this.sql,
      searches.map((s) => ({ table: searchTable(s.index), text: s.text, options: s.options })),
    );
  }

  lookupMany(lookups: readonly IdLookup[]): Promise<Doc[][]> {
    return lookupMany(
      this.sql,
      lookups.map((l) => ({ table: collectionTable(l.collection), ids: l.ids })),
    );
  }

  findMany(finds: readonly CollectionFind[]): Promise<FindResult<Doc>[]> {
    return findMany(
      this.sql,
      finds.map((f) => ({ table: collectionTable(f.collection), query: f.query })),
    );
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    await runDdl(this.sql, collectionDdl(parseCollectionSpec(spec)));
  }

  async ensureSearchIndex(name: string): Promise<void> {
    await runDdl(this.sql, searchIndexDdl(name));
  }

  async dropCollection(name: string): Promise<void> {
    await this.sql.query(`DROP TABLE IF EXISTS ${collectionTable(name)}`);
  }

  async dropSearchIndex(name: string): Promise<void> {
    await this.sql.query(`DROP TABLE IF EXISTS ${searchTable(name)}`);
  }

  transaction<R>(fn: (session: ReadStoreSession) => Promise<R>, options?: { durable?: boolean }): Promise<R> {
    return this.sql.transaction((tx) => fn(sessionOn(tx)), options);
  }

  writeBatch(writes: BatchWrites[], options?: { durable?: boolean }): Promise<void> {
    return sqlWriteBatch(this.sql, writes, options?.durable !== false);
  }

  async acquireLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    assertLease(name, owner, ttlMs);
    await this.ensureLeaseTable();
    return acquireSqlLease(this.sql, name, owner, ttlMs);
  }

  async renewLeases(leases: readonly LeaseHold[], ttlMs: number): Promise<boolean[]> {
    assertLeaseHolds(leases, ttlMs);
    await this.ensureLeaseTable();
    return renewSqlLeases(this.sql, leases, ttlMs);
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    assertLease(name, owner);
    await this.ensureLeaseTable();
    await releaseSqlLease(this.sql, name, owner);
  }

  async close(): Promise<void> {
    if (this.options.closeClient) await this.sql.close();
  }

  private ensureLeaseTable(): Promise<void> {
    this.leaseTable ??= runDdl(this.sql, leaseDdl).catch((err) => {
      this.leaseTable = null; // let the next call retry
      throw err;
    });
    return this.leaseTable;
  }
}

/** Collections and search indexes whose statements all run on one open transaction. */
function sessionOn(tx: SqlExecutor): ReadStoreSession {
  const inTransaction: InTransaction = (fn) => fn(tx);
  return {
    collection: <T extends Doc = Doc>(name: string) => new SqlCollection<T>(collectionTable(name), tx, inTransaction),
    searchIndex: (name: string) => new SqlSearchIndex(searchTable(name), tx),
  };
}
