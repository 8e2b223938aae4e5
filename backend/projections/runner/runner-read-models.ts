import type { ReadModels } from '@platform/read-models';
import type {
  Collection,
  Doc,
  IndexSearch,
  ReadStore,
  SearchHit,
  SearchIndex,
} from '@platform/read-store/read-store.port';
import type { TextIndex } from '@platform/read-store/text/text-index';

import { CachedCollection } from './cached-collection';
import { type CollectionCache, readModelCacheReads } from './cached-collection';
import { answerKey, CachedSearchIndex, SEARCH_ANSWERS_KEPT } from './cached-search-index';
import type { ProjectionRunner } from './projection-runner';
import { readState } from './projection-state';
import { physicalName, type Projector } from './projector';
import type { ReadModelFollower } from './read-model-follower';

/**
 * The runner's ReadModels: maps a logical collection to the generation that serves reads now, so a
 * rebuild can switch generations under running queries.
 */
export class RunnerReadModels implements ReadModels {
  private readonly owners = new Map<string, Projector>();
  private readonly generations = new Map<string, { generation: number; at: number }>();
  private readonly reading = new Map<string, Promise<number>>();

  /**
   * With `runner`, reads of a read model whose projector this process is following go through the
   * runner's cache of it (CommittedDocs), which each commit updates before any command waiting on
   * that commit answers. With `follower`, read models that another process writes are read
   * through the caches its published changes keep current, once a barrier has shown that every
   * change published before the read has been applied here; without it (or when the barrier
   * fails) they are read from the store.
   */
  constructor(
    private readonly readStore: ReadStore,
    projectors: readonly Projector[],
    private readonly cacheMs = 1000,
    private readonly runner: ProjectionRunner | null = null,
    private readonly follower: ReadModelFollower | null = null,
  ) {
    for (const p of projectors) {
      for (const c of p.collections) this.own(c.name, p);
      for (const s of p.searchIndexes ?? []) this.own(s, p);
    }
  }

  collection<T extends Doc = Doc>(logicalName: string): Collection<T> {
    return forwardTo(async () => {
      const physical = await this.physical(logicalName);
      const target = this.readStore.collection<T>(physical);
      const cache = await this.cacheOf(logicalName, physical);
      return cache ? new CachedCollection(target, cache) : target;
    });
  }

  /**
   * Cached the same way: answers are kept until a batch of the owner writes to the index. Where
   * this process's runner writes the index, a text not held is answered from the index in memory
   * once it is loaded (LiveTextIndex), as the store would answer it.
   */
  searchIndex(logicalName: string): SearchIndex {
    return forwardTo(async () => {
      const physical = await this.physical(logicalName);
      const target = this.readStore.searchIndex(physical);
      const cache = await this.cacheOf(logicalName, physical, SEARCH_ANSWERS_KEPT);
      const memory = this.textIndexOf(logicalName, physical);
      const answering: SearchIndex = memory
        ? {
            upsert: (id, doc) => target.upsert(id, doc),
            remove: (id) => target.remove(id),
            query: async (text, options) => memory.query(text, options),
          }
        : target;
      return cache ? new CachedSearchIndex(answering, cache) : answering;
    });
  }

  /** The in-memory copy of a search index this process's runner writes, once it is loaded. */
  private textIndexOf(logicalName: string, physical: string): TextIndex | null {
    const runner = this.followingRunner(logicalName);
    return runner?.docs.textIndex(physical, () => this.readStore.searchIndex(physical)).ready() ?? null;
  }

  /** This process's runner while it follows the projector that owns the read model (the model's one writer). */
  private followingRunner(logicalName: string): ProjectionRunner | null {
    const owner = this.owners.get(logicalName)!.name;
    return this.runner && this.runner.committedCheckpoint(owner) !== undefined ? this.runner : null;
  }

  /**
   * The cache reads of a read model may go through: this process's runner's while it follows the
   * owner; else the follower's, once it is known current; else none (read the store).
   */
  private async cacheOf(logicalName: string, physical: string, maxEntries?: number): Promise<CollectionCache | null> {
    const runner = this.followingRunner(logicalName);
    if (runner) return runner.docs.of(physical, maxEntries);
    if (this.follower && (await this.follower.fresh())) return this.follower.docs.of(physical, maxEntries);
    readModelCacheReads.uncached++;
    return null;
  }

  /**
   * Answers held (as searchIndex keeps them) come from memory, and so do texts of an index held in
   * memory; the others are asked together, in one round trip where the store allows it
   * (ReadStore.searchMany).
   */
  async searchMany(searches: readonly IndexSearch[]): Promise<SearchHit[][]> {
    const asked = await Promise.all(
      searches.map(async (s) => {
        const physical = await this.physical(s.index);
        const cache = await this.cacheOf(s.index, physical, SEARCH_ANSWERS_KEPT);
        const key = answerKey(s.text, s.options);
        const held = cache?.held(key) as HeldAnswer;
        return { logical: s.index, search: { ...s, index: physical }, cache, key, held };
      }),
    );
    const missing: typeof asked = [];
    for (const a of asked) {
      if (a.held !== undefined) continue;
      const memory = this.textIndexOf(a.logical, a.search.index);
      if (!memory) missing.push(a);
      else {
        const answer = Promise.resolve(memory.query(a.search.text, a.search.options));
        a.held = a.cache ? a.cache.track(a.key, answer) : answer;
      }
    }
    if (missing.length > 0) {
      const loaded = this.readStore.searchMany
        ? this.readStore.searchMany(missing.map((m) => m.search))
        : Promise.all(missing.map(({ search: s }) => this.readStore.searchIndex(s.index).query(s.text, s.options)));
      missing.forEach((m, i) => {
        const answer = loaded.then((all) => all[i]!);
        m.held = m.cache ? m.cache.track(m.key, answer) : answer;
      });
    }
    // Each caller gets arrays of its own (the hits are shared: read them, do not change them).
    return Promise.all(asked.map(async (a) => [...(await a.held!)]));
  }

  /** Forget cached generations (after a switch made in this process). */
  invalidate(): void {
    this.generations.clear();
    this.reading.clear();
  }

  private async physical(logicalName: string): Promise<string> {
    const owner = this.owners.get(logicalName);
    if (!owner) throw new Error(`No projector owns read model "${logicalName}"`);
    // What this process's runner writes is what its commands waited for: read that generation, not
    // one remembered from before a rebuild switched over.
    const followed = this.runner?.followedGeneration(owner.name);
    if (followed !== undefined) return physicalName(logicalName, followed);
    // The same for a runner elsewhere, as its published progress tells (no read of the state).
    const published = this.follower?.generation(owner.name);
    if (published !== undefined && published > 0) return physicalName(logicalName, published);
    const cached = this.generations.get(owner.name);
    if (cached && Date.now() - cached.at < this.cacheMs) return physicalName(logicalName, cached.generation);
    // Requests arriving together when the entry expires share one read of the state.
    let reading = this.reading.get(owner.name);
    if (!reading) {
      reading = readState(this.readStore, owner.name)
        .then((state) => {
          const generation = state?.activeGeneration ?? 1;
          this.generations.set(owner.name, { generation, at: Date.now() });
          return generation;
        })
        .finally(() => this.reading.delete(owner.name));
      this.reading.set(owner.name, reading);
    }
    return physicalName(logicalName, await reading);
  }

  private own(name: string, projector: Projector) {
    const other = this.owners.get(name);
    if (other && other !== projector)
      throw new Error(`Read model "${name}" is owned by both ${other.name} and ${projector.name}`);
    this.owners.set(name, projector);
  }
}

type HeldAnswer = SearchHit[] | Promise<SearchHit[]> | undefined;

/** An object whose every method first resolves the target, then calls the same method on it. */
function forwardTo<T extends object>(resolve: () => Promise<T>): T {
  return new Proxy({} as T, {
    get:
      (_target, method) =>
      async (...args: unknown[]) => {
        const target = (await resolve()) as Record<PropertyKey, ((...a: unknown[]) => unknown) | undefined>;
        const fn = target[method];
        if (typeof fn !== 'function') throw new TypeError(`${String(method)} is not a method of the read models`);
        return fn.apply(target, args);
      },
  });
}
