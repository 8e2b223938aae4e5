/**
 * The read store port: named collections of JSON documents plus text-search indexes, written by
 * projections and read by query services. Adapters: in-memory, PostgreSQL JSONB and PGlite (one SQL
 * implementation), MongoDB. All are held to testing/read-store.contract.ts.
 *
 * Collection names here are physical names; the projection layer maps a read model's logical name
 * to the generation currently live (so a rebuild can write fresh collections and switch over).
 */
export type Doc = { id: string } & Record<string, unknown>;

export type Scalar = string | number | boolean | null;

/** Equality on a (dotted) path, or one of the two operators. */
export type FilterValue = Scalar | { $in: Scalar[] } | { $contains: Scalar };
export type Filter = Record<string, FilterValue>;

export interface UpdateSpec {
  set?: Record<string, unknown>;
  unset?: string[];
  inc?: Record<string, number>;
  /** Adds each value to the array at the path unless already present (creates the array). */
  addToSet?: Record<string, Scalar | Scalar[]>;
  /** Removes each value from the array at the path. */
  removeFromSet?: Record<string, Scalar | Scalar[]>;
}

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
  /** How the field compares; strings compare by code point ("C" collation). Default 'string'. */
  type?: 'string' | 'number';
}

export interface FindQuery {
  where?: Filter | undefined;
  /** Ties are broken by id in the same direction. Default: id ascending. */
  sort?: SortSpec | undefined;
  /** Opaque keyset cursor from a previous page's nextCursor. */
  after?: string | null | undefined;
  /** Default 50, at most 1000. */
  limit?: number | undefined;
}

export interface FindResult<T extends Doc> {
  items: T[];
  /** Cursor after the last item when more items follow, else null (so never an empty last page). */
  nextCursor: string | null;
}

export interface IndexSpec {
  /** Equality fields (dotted paths) the index leads with. */
  fields: string[];
  sort?: { field: string; type?: 'string' | 'number' };
}

export interface CollectionSpec {
  name: string;
  indexes?: IndexSpec[];
  /**
   * Array fields (dotted paths) filtered with $contains. PostgreSQL cannot serve containment from
   * the btree indexes above, so each gets a GIN index there (MongoDB: a multikey index); listing
   * only these keeps the GIN write cost off every other collection.
   */
  arrayFields?: string[];
}

export interface Collection<T extends Doc = Doc> {
  get(id: string): Promise<T | null>;
  /** Documents found, in the order of ids; missing ids are left out. */
  getMany(ids: string[]): Promise<T[]>;
  /** Inserts or replaces the whole document. */
  upsert(doc: T): Promise<void>;
  upsertMany(docs: T[]): Promise<void>;
  /**
   * Applies a partial update and returns the new document; null when missing and not upserting.
   * With upsert, a missing document starts as { id } and the update is applied to it.
   */
  update(id: string, spec: UpdateSpec, options?: { upsert?: boolean }): Promise<T | null>;
  /** True when a document was deleted. */
  delete(id: string): Promise<boolean>;
  deleteMany(ids: string[]): Promise<number>;
  find(query?: FindQuery): Promise<FindResult<T>>;
  count(where?: Filter): Promise<number>;
}

export interface SearchDocument {
  /** The text to index: English and Arabic, normalised by the adapter (diacritics, letter forms). */
  text: string;
  /** Stored with the entry, returned with hits, usable as equality filters. */
  fields?: Record<string, Scalar>;
}

export interface SearchHit {
  id: string;
  score: number;
  fields: Record<string, Scalar>;
}

export interface SearchQueryOptions {
  limit?: number;
  where?: Record<string, Scalar>;
  /**
   * Rank only the `newest` matches with the greatest ids. Where ids grow with time (UUIDv7), a
   * word found in half of a large index is ranked over its recent matches instead of all of them,
   * so the cost of a query no longer grows with the size of the index.
   */
  newest?: number;
}

/** One search of several asked together (ReadStore.searchMany). */
export interface IndexSearch {
  /** The search index's name. */
  index: string;
  text: string;
  options?: SearchQueryOptions | undefined;
}

/** A search index's document as the index holds it: its terms with their positions, and its fields. */
export interface IndexedDocument {
  id: string;
  terms: Map<string, number[]>;
  fields: Record<string, Scalar>;
}

export interface SearchIndex {
  upsert(id: string, doc: SearchDocument): Promise<void>;
  remove(id: string): Promise<void>;
  /** Best matches first; every query word must match (prefix match on the last word). */
  query(text: string, options?: SearchQueryOptions): Promise<SearchHit[]>;
  /**
   * The documents in id order after `after` (null: from the first), at most `limit`: what an index
   * held in memory is loaded from (text/text-index.ts ranks as the SQL stores do). Optional.
   */
  entries?(after: string | null, limit: number): Promise<IndexedDocument[]>;
}

/** A lease and the owner that means to keep it. */
export interface LeaseHold {
  name: string;
  owner: string;
}

export interface ReadStoreSession {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  searchIndex(name: string): SearchIndex;
}

/** Documents of one collection by id (ReadStore.lookupMany). */
export interface IdLookup {
  collection: string;
  ids: string[];
}

/** One find in one collection (ReadStore.findMany). */
export interface CollectionFind {
  collection: string;
  query: FindQuery;
}

/** What one batch writes to one collection: whole documents to put, ids to remove. */
export interface CollectionWrites {
  collection: string;
  upserts: Doc[];
  deletes: string[];
}

/** What one batch writes to one search index, in order: the last write of an id wins (null removes it). */
export interface SearchIndexWrites {
  searchIndex: string;
  writes: [id: string, doc: SearchDocument | null][];
}

/** One part of a batch (ReadStore.writeBatch). */
export type BatchWrites = CollectionWrites | SearchIndexWrites;

export interface ReadStore extends ReadStoreSession {
  /** Engine name reported by health: 'memory' | 'postgres' | 'pglite' | 'mongodb'. */
  readonly engine: string;
  /** Creates the collection and its indexes when missing (idempotent). */
  ensureCollection(spec: CollectionSpec): Promise<void>;
  ensureSearchIndex(name: string): Promise<void>;
  dropCollection(name: string): Promise<void>;
  dropSearchIndex(name: string): Promise<void>;
  /**
   * Several searches at once, answers in the same order, each as its index's `query` gives it:
   * where the engine allows, in one round trip (one statement on PostgreSQL). Optional: without it,
   * the searches are asked one by one.
   */
  searchMany?(searches: readonly IndexSearch[]): Promise<SearchHit[][]>;
  /**
   * Several collections' documents by id at once, answers in the same order, each as its
   * collection's `getMany` gives it: in one round trip where the engine allows (one statement on
   * PostgreSQL). Optional: without it, the lookups are asked one by one.
   */
  lookupMany?(lookups: readonly IdLookup[]): Promise<Doc[][]>;
  /** Several finds at once, answers in the same order, each as its collection's `find` gives it; optional as lookupMany. */
  findMany?(finds: readonly CollectionFind[]): Promise<FindResult<Doc>[]>;
  /**
   * Everything in fn commits together or not at all. durable: false lets the commit return before
   * it is on disk (a crash may lose it whole): for what can be made again from the event log.
   */
  transaction<R>(fn: (session: ReadStoreSession) => Promise<R>, options?: { durable?: boolean }): Promise<R>;
  /**
   * Applies every write at once, all or nothing, in as few round trips as the engine allows (one
   * statement on PostgreSQL): what a projection batch decided to its collections and search indexes,
   * with its checkpoint. An id is either upserted or deleted within one collection's writes, never
   * both. durable: as for transaction.
   */
  writeBatch(writes: BatchWrites[], options?: { durable?: boolean }): Promise<void>;
  /**
   * Takes or renews a named lease for owner; true when owner holds it for ttlMs from now.
   * Another owner's unexpired lease makes it false.
   */
  acquireLease(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /**
   * acquireLease for many leases in one round trip (a process renews all it holds at once): for
   * each, in order, whether its owner holds it for ttlMs from now. Names must differ.
   */
  renewLeases(leases: readonly LeaseHold[], ttlMs: number): Promise<boolean[]>;
  releaseLease(name: string, owner: string): Promise<void>;
  close(): Promise<void>;
}
