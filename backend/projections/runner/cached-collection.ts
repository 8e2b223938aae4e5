import { makeRoom } from '@platform/cache';

import type {
  Collection,
  Doc,
  Filter,
  FindQuery,
  FindResult,
  UpdateSpec,
} from '../../src/platform/read-store/read-store.port';
import { HeldAnswers } from './held-answers';
import { FindShape, type HeldPage } from './held-page';

const MAX_ENTRIES = 20_000;

/** Commits remembered for judging answers that were being loaded while they came in. */
const RECENT_COMMITS = 32;

/**
 * Answers a commit may touch (HeldAnswers.touchedBy) times its written documents, judged per
 * commit at most; past it the answers all go (what every commit did before answers were judged),
 * so a full cache never makes commits slow.
 */
const JUDGING_BUDGET = 20_000;

/** Told of what the cache learns as its runner commits (the runner's changes publisher listens). */
export interface CacheHooks {
  committed(writes: ReadonlyMap<string, unknown>): void;
  answersChanged(): void;
}

/**
 * What this process's read-model reads were answered from, since it started: documents and
 * answers held (memory), loaded into a cache (store), or read without one (uncached: no cache
 * could be trusted). GET /metrics reports them; benchmarks print the hit ratio.
 */
export const readModelCacheReads = { memory: 0, store: 0, uncached: 0 };

/** A held find answer knows its query's shape, to judge commits against it. */
type JudgedPage = HeldPage & { shape: FindShape };

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
  /** The last commits' writes by epoch: an answer loaded across them may still be kept. */
  private recent: { epoch: number; writes: ReadonlyMap<string, unknown> }[] = [];
  /** Documents by id (null: known to be absent), and query answers by their JSON. */
  private readonly docs = new Map<string, unknown>();
  private readonly queries = new HeldAnswers();
  /** Answers being loaded in this epoch: concurrent askers of the same query share one load. */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Documents being loaded: concurrent askers of one id share its load until a commit writes it. */
  private readonly loadingDocs = new Map<string, Promise<unknown>>();

  /** `maxEntries` bounds the documents and, separately, the query answers held. */
  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly hooks: CacheHooks | null = null,
  ) {}

  invalidate() {
    this.epoch++;
    this.recent = [];
    this.docs.clear();
    this.queries.clear();
    this.loading.clear();
    this.loadingDocs.clear();
  }

  /** Whether anyone has looked a document up here: a collection only ever written needs no copies. */
  get inUse(): boolean {
    // Someone elsewhere learns from every commit: it needs the documents even if nobody read here.
    return this.asked || this.hooks !== null;
  }
  private asked = false;

  /** A batch committed these documents (null: deleted); everything else held is still current. */
  committed(writes: ReadonlyMap<string, unknown>) {
    this.epoch++;
    this.recent.push({ epoch: this.epoch, writes });
    if (this.recent.length > RECENT_COMMITS) this.recent.shift();
    // Loads under way may have read either side of this commit: later askers start their own.
    this.loading.clear();
    this.judgeAnswers(writes);
    for (const [id, doc] of writes) {
      this.loadingDocs.delete(id);
      remember(this.docs, id, doc, this.maxEntries);
    }
    this.hooks?.committed(writes);
  }

  /** Keeps the find answers the writes leave standing (patched in place where a page's document changed). */
  private judgeAnswers(writes: ReadonlyMap<string, unknown>) {
    if (writes.size === 0) return;
    const touched = this.queries.touchedBy(writes);
    if (touched.length * writes.size > JUDGING_BUDGET) {
      this.queries.clear();
      return;
    }
    for (const key of touched) {
      const answer = this.queries.get(key);
      const verdict = judge(answer, writes);
      if (verdict === 'gone') this.queries.delete(key);
      else if (verdict !== 'same') this.queries.set(key, verdict);
    }
  }

  /**
   * A batch committed writes to a search index: the answers `keeps` accepts stay (see
   * keepsAnswer); answers being loaded are not kept, since they may have been read either side of it.
   */
  committedAnswers(keeps: (key: string, answer: unknown) => boolean) {
    this.epoch++;
    this.loading.clear();
    for (const [key, answer] of this.queries) if (!keeps(key, answer)) this.queries.delete(key);
    this.hooks?.answersChanged();
  }

  /** `undefined` when not held. */
  doc(id: string): unknown {
    this.asked = true;
    return this.docs.get(id);
  }

  /** Stores what was loaded while the epoch was `epoch` (dropped if a commit came in between). */
  /** Stores what was loaded while the epoch was `epoch`, unless a commit since wrote it (or may have). */
  keepDoc(id: string, value: unknown, epoch: number) {
    if (epoch === this.epoch || this.unwrittenSince(id, epoch)) remember(this.docs, id, value, this.maxEntries);
  }

  /** A load of `id` under way in this cache (shared by concurrent readers), if any. */
  docLoad(id: string): Promise<unknown> | undefined {
    return this.loadingDocs.get(id);
  }

  /** Lets later readers of `id` share `loaded` until it settles or a commit writes the id. */
  trackDoc(id: string, loaded: Promise<unknown>) {
    this.loadingDocs.set(id, loaded);
    const done = () => {
      if (this.loadingDocs.get(id) === loaded) this.loadingDocs.delete(id);
    };
    loaded.then(done, done);
  }

  private unwrittenSince(id: string, epoch: number): boolean {
    const since = this.recent.filter((c) => c.epoch > epoch);
    return since.length === this.epoch - epoch && since.every((c) => !c.writes.has(id));
  }

  async through<T>(key: string, load: () => Promise<T>): Promise<T> {
    const held = this.held(key) as T | Promise<T> | undefined;
    if (held !== undefined) {
      readModelCacheReads.memory++;
      return held;
    }
    readModelCacheReads.store++;
    return this.track(key, load());
  }

  /** A query answer held (a value, or the promise of one being loaded in this epoch), or undefined. */
  held(key: string): unknown {
    if (this.queries.has(key)) return this.queries.get(key);
    return this.loading.get(key);
  }

  /** Keeps what `loaded` gives for `key`, unless a commit comes in first; later askers share it meanwhile. */
  async track<T>(key: string, loaded: Promise<T>): Promise<T> {
    // Answers held are judged by the documents each commit wrote: the runner must hand them over.
    this.asked = true;
    const epoch = this.epoch;
    this.loading.set(key, loaded);
    try {
      const value = await loaded;
      const kept = keptSince(value, epoch, this.epoch, this.recent);
      if (kept !== undefined) remember(this.queries, key, kept, this.maxEntries);
      return value;
    } finally {
      // A commit in between cleared `loading` (and may have started a new load of the same key).
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }
}

/**
 * What of an answer loaded from epoch `epoch` on may be kept at epoch `now`: itself when nothing
 * committed meanwhile; a find page that every commit since leaves standing (patched); else nothing.
 */
function keptSince(
  value: unknown,
  epoch: number,
  now: number,
  recent: readonly { epoch: number; writes: ReadonlyMap<string, unknown> }[],
): unknown {
  if (epoch === now) return value;
  const since = recent.filter((c) => c.epoch > epoch);
  // Something else happened in between (an invalidation, a search index commit, too many commits).
  if (since.length !== now - epoch) return undefined;
  let answer = value;
  for (const c of since) {
    const verdict = judge(answer, c.writes);
    if (verdict === 'gone') return undefined;
    if (verdict !== 'same') answer = verdict;
  }
  return answer;
}

/** A held answer against a commit: find pages are judged by their shape, any other answer goes. */
function judge(answer: unknown, writes: ReadonlyMap<string, unknown>): JudgedPage | 'same' | 'gone' {
  const shape = (answer as Partial<JudgedPage> | null)?.shape;
  if (!(shape instanceof FindShape)) return 'gone';
  const verdict = shape.verdict(answer as JudgedPage, writes);
  return verdict === 'same' || verdict === 'gone' ? verdict : { ...verdict, shape };
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

  /**
   * One store read for all the ids neither held nor being loaded by someone else (absent ones are
   * remembered as absent): 50 requests for a post just liked read it once.
   */
  async getMany(ids: string[]): Promise<T[]> {
    const known = new Map<string, T | null>();
    const missing: string[] = [];
    const joined: [string, Promise<unknown>][] = [];
    for (const id of ids) {
      const held = this.cache.doc(id);
      if (held !== undefined) known.set(id, held as T | null);
      else {
        const loading = this.cache.docLoad(id);
        if (loading) joined.push([id, loading]);
        else if (!missing.includes(id)) missing.push(id);
      }
    }
    readModelCacheReads.memory += ids.length - missing.length;
    readModelCacheReads.store += missing.length;
    if (missing.length > 0) {
      const epoch = this.cache.epoch;
      const reading = this.target.getMany(missing).then((docs) => new Map(docs.map((d) => [d.id, d])));
      for (const id of missing)
        this.cache.trackDoc(
          id,
          reading.then((found) => found.get(id) ?? null),
        );
      const loaded = await reading;
      for (const id of missing) {
        const doc = loaded.get(id) ?? null;
        known.set(id, doc);
        this.cache.keepDoc(id, doc, epoch);
      }
    }
    for (const [id, loading] of joined) known.set(id, (await loading) as T | null);
    return ids.map((id) => known.get(id)).filter((d): d is T => !!d);
  }

  /** Each caller gets an array of its own: sorting or reversing an answer must not change the cached one. */
  async find(query: FindQuery = {}): Promise<FindResult<T>> {
    const answer = await this.cache.through(`find:${JSON.stringify(query)}`, async (): Promise<JudgedPage> => {
      const shape = new FindShape(query);
      return { ...shape.held(await this.target.find(shape.readQuery())), shape };
    });
    return { items: [...answer.items] as T[], nextCursor: answer.nextCursor };
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
