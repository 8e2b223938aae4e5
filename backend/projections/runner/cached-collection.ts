import { makeRoom } from '@platform/cache';

import type {
  Collection,
  Doc,
  Filter,
  FindQuery,
  FindResult,
  UpdateSpec,
} from '../../src/platform/read-store/read-store.port';

const MAX_ENTRIES = 20_000;

/**
 * Keeps documents and answers of one read-model collection in memory while the projection runner
 * of this same process owns it: the runner is its only writer. Each commit to the collection hands
 * the documents it wrote to the cache (they are what the store now holds), drops the query answers
 * and bumps `epoch`; an answer loaded across a bump is not kept, so nothing stale survives.
 * The runner's projector reads through the same cache, so a busy read model is not read back
 * from the store batch after batch.
 */
export class CollectionCache {
  epoch = 0;
  /** Documents by id (null: known to be absent), and query answers by their JSON. */
  private readonly docs = new Map<string, unknown>();
  private readonly queries = new Map<string, unknown>();
  /** Answers being loaded in this epoch: concurrent askers of the same query share one load. */
  private readonly loading = new Map<string, Promise<unknown>>();

  /** `maxEntries` bounds the documents and, separately, the query answers held. */
  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  invalidate() {
    this.epoch++;
    this.docs.clear();
    this.queries.clear();
    this.loading.clear();
  }

  /** Whether anyone has looked a document up here: a collection only ever written needs no copies. */
  get inUse(): boolean {
    return this.asked;
  }
  private asked = false;

  /** A batch committed these documents (null: deleted); everything else held is still current. */
  committed(writes: ReadonlyMap<string, unknown>) {
    this.epoch++;
    this.queries.clear();
    this.loading.clear();
    for (const [id, doc] of writes) remember(this.docs, id, doc, this.maxEntries);
  }

  /**
   * A batch committed writes to a search index: the answers `keeps` accepts stay (see
   * keepsAnswer); answers being loaded are not kept, since they may have been read either side of it.
   */
  committedAnswers(keeps: (key: string, answer: unknown) => boolean) {
    this.epoch++;
    this.loading.clear();
    for (const [key, answer] of this.queries) if (!keeps(key, answer)) this.queries.delete(key);
  }

  /** `undefined` when not held. */
  doc(id: string): unknown {
    this.asked = true;
    return this.docs.get(id);
  }

  /** Stores what was loaded while the epoch was `epoch` (dropped if a commit came in between). */
  keepDoc(id: string, value: unknown, epoch: number) {
    if (epoch === this.epoch) remember(this.docs, id, value, this.maxEntries);
  }

  async through<T>(key: string, load: () => Promise<T>): Promise<T> {
    return (this.held(key) as T | Promise<T> | undefined) ?? this.track(key, load());
  }

  /** A query answer held (a value, or the promise of one being loaded in this epoch), or undefined. */
  held(key: string): unknown {
    if (this.queries.has(key)) return this.queries.get(key);
    return this.loading.get(key);
  }

  /** Keeps what `loaded` gives for `key`, unless a commit comes in first; later askers share it meanwhile. */
  async track<T>(key: string, loaded: Promise<T>): Promise<T> {
    const epoch = this.epoch;
    this.loading.set(key, loaded);
    try {
      const value = await loaded;
      if (epoch === this.epoch) remember(this.queries, key, value, this.maxEntries);
      return value;
    } finally {
      // A commit in between cleared `loading` (and may have started a new load of the same key).
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }
}

function remember(map: Map<string, unknown>, key: string, value: unknown, maxEntries: number) {
  // Re-inserted at the end: the oldest entries are the ones least recently written or loaded.
  map.delete(key);
  makeRoom(map, maxEntries);
  map.set(key, value);
}

/** Reads through the cache; writes (never made from the query side) go straight to the store. */
export class CachedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly target: Collection<T>,
    private readonly cache: CollectionCache,
  ) {}

  async get(id: string): Promise<T | null> {
    return (await this.getMany([id]))[0] ?? null;
  }

  /** One store read for all the ids not in the cache (absent ones are remembered as absent). */
  async getMany(ids: string[]): Promise<T[]> {
    const known = new Map<string, T | null>();
    const missing: string[] = [];
    for (const id of ids) {
      const held = this.cache.doc(id);
      if (held === undefined) missing.push(id);
      else known.set(id, held as T | null);
    }
    if (missing.length > 0) {
      const epoch = this.cache.epoch;
      const loaded = new Map((await this.target.getMany(missing)).map((d) => [d.id, d]));
      for (const id of missing) {
        const doc = loaded.get(id) ?? null;
        known.set(id, doc);
        this.cache.keepDoc(id, doc, epoch);
      }
    }
    return ids.map((id) => known.get(id)).filter((d): d is T => !!d);
  }

  /** Each caller gets an array of its own: sorting or reversing an answer must not change the cached one. */
  async find(query: FindQuery = {}): Promise<FindResult<T>> {
    const answer = await this.cache.through(`find:${JSON.stringify(query)}`, () => this.target.find(query));
    return { ...answer, items: [...answer.items] };
  }

  count(where: Filter = {}): Promise<number> {
    return this.cache.through(`count:${JSON.stringify(where)}`, () => this.target.count(where));
  }

  private write<R>(run: () => Promise<R>): Promise<R> {
    this.cache.invalidate();
    return run();
  }

  upsert(doc: T) {
    return this.write(() => this.target.upsert(doc));
  }
  upsertMany(docs: T[]) {
    return this.write(() => this.target.upsertMany(docs));
  }
  update(id: string, spec: UpdateSpec, options?: { upsert?: boolean }) {
    return this.write(() => this.target.update(id, spec, options));
  }
  delete(id: string) {
    return this.write(() => this.target.delete(id));
  }
  deleteMany(ids: string[]) {
    return this.write(() => this.target.deleteMany(ids));
  }
}
