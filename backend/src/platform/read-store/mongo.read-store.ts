import { type ClientSession, type Db, MongoClient, MongoServerError } from 'mongodb';

import { parseCollectionSpec } from './core/collection-spec';
import { assertLease, assertLeaseHolds, assertName } from './core/names';
import { writeBatchInTransaction } from './core/write-batch';
import { MongoCollection } from './mongo/mongo-collection';
import { acquireMongoLease, type LeaseEntry, releaseMongoLease, renewMongoLeases } from './mongo/mongo-leases';
import { type MongoDoc, mongoPath } from './mongo/mongo-mapping';
import { type MongoSearchEntry, MongoSearchIndex, SEARCH_INDEXES } from './mongo/mongo-search-index';
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

const NAMESPACE_EXISTS = 48;

// Same prefixes as the SQL tables, so a collection is easy to find in either engine.
const collectionName = (name: string): string => `rm_${assertName('collection', name)}`;
const searchName = (name: string): string => `rs_${assertName('search index', name)}`;
const LEASES = 'read_store_leases';

/**
 * The read store on MongoDB. Transactions need a replica set (production runs a single-node one)
 * and use withTransaction, which may call fn again on a transient error: fn must only write
 * through the session it is given.
 */
export class MongoReadStore implements ReadStore {
  readonly engine = 'mongodb';

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly ownsClient = false,
  ) {}

  /** Connects to url; the database is dbName, else the one named in the url. */
  static async connect(url: string, dbName?: string): Promise<MongoReadStore> {
    const client = await new MongoClient(url).connect();
    return new MongoReadStore(client, client.db(dbName), true);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return this.collectionIn<T>(name);
  }

  searchIndex(name: string): SearchIndex {
    return this.searchIndexIn(name);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    const parsed = parseCollectionSpec(spec);
    const coll = await this.createCollection(collectionName(parsed.name));
    for (const ix of parsed.indexes) {
      const key: Record<string, 1> = {};
      for (const f of ix.fields) key[mongoPath(f.path)] = 1;
      if (ix.sort) key[mongoPath(ix.sort.field)] = 1;
      key._id = 1;
      await coll.createIndex(key);
    }
    for (const f of parsed.arrayFields) await coll.createIndex({ [f.path]: 1 });
  }

  async ensureSearchIndex(name: string): Promise<void> {
    const coll = await this.createCollection(searchName(name));
    await coll.createIndexes(SEARCH_INDEXES.map((ix) => ({ ...ix })));
  }

  async dropCollection(name: string): Promise<void> {
    await this.db.dropCollection(collectionName(name));
  }

  async dropSearchIndex(name: string): Promise<void> {
    await this.db.dropCollection(searchName(name));
  }

  transaction<R>(fn: (session: ReadStoreSession) => Promise<R>): Promise<R> {
    return this.client.withSession((session) =>
      session.withTransaction(() =>
        fn({
          collection: <T extends Doc = Doc>(name: string) => this.collectionIn<T>(name, session),
          searchIndex: (name: string) => this.searchIndexIn(name, session),
        }),
      ),
    );
  }

  writeBatch(writes: BatchWrites[], options?: { durable?: boolean }): Promise<void> {
    return writeBatchInTransaction(this, writes, options);
  }

  async acquireLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    assertLease(name, owner, ttlMs);
    return acquireMongoLease(this.db.collection<LeaseEntry>(LEASES), name, owner, ttlMs);
  }

  async renewLeases(leases: readonly LeaseHold[], ttlMs: number): Promise<boolean[]> {
    assertLeaseHolds(leases, ttlMs);
    return renewMongoLeases(this.db.collection<LeaseEntry>(LEASES), leases, ttlMs);
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    assertLease(name, owner);
    await releaseMongoLease(this.db.collection<LeaseEntry>(LEASES), name, owner);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  private collectionIn<T extends Doc>(name: string, session?: ClientSession): Collection<T> {
    return new MongoCollection<T>(this.db.collection<MongoDoc>(collectionName(name)), session);
  }

  private searchIndexIn(name: string, session?: ClientSession): SearchIndex {
    return new MongoSearchIndex(this.db.collection<MongoSearchEntry>(searchName(name)), session);
  }

  private async createCollection(name: string) {
    try {
      await this.db.createCollection(name);
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === NAMESPACE_EXISTS)) throw err;
    }
    return this.db.collection(name);
  }
}
