import type { SearchIndex } from '../../src/platform/read-store/read-store.port';
import { type CacheHooks, CollectionCache } from './cached-collection';
import { LiveTextIndex } from './live-text-index';

/** Told of what the runner's commits changed (the runner's changes publisher listens). */
export interface CommitListener {
  committed(physical: string, writes: ReadonlyMap<string, unknown>): void;
  answersChanged(physical: string): void;
  /** Anything held of these may be wrong now. */
  dropped(physicals: readonly string[]): void;
}

/**
 * The caches of the read-model collections a runner writes, by physical name, shared by its
 * projectors (which read and then update them as their batches commit) and by the query side of
 * the same process (ReadModels). A cache is only trusted while this runner follows the projector;
 * it is dropped when the runner starts or stops following it, and whenever a commit may have
 * failed halfway (the store could then hold something the cache does not). A search index's cache
 * holds query answers only (CachedSearchIndex), dropped whenever a batch writes to the index.
 * The same class holds, in an API process, what the changes published by other processes tell
 * (ReadModelFollower); there nothing listens.
 */
export class CommittedDocs {
  private readonly caches = new Map<string, CollectionCache>();
  /** Search indexes held in memory, by physical name: dropped with their answers' caches. */
  private readonly texts = new Map<string, LiveTextIndex>();
  private listener: CommitListener | null = null;

  /** Set before the runner starts: caches made earlier would not report their commits. */
  listen(listener: CommitListener): void {
    this.listener = listener;
  }

  /** maxEntries applies when the cache is made (both sides of a read model pass the same). */
  of(physical: string, maxEntries?: number): CollectionCache {
    let cache = this.caches.get(physical);
    if (!cache) this.caches.set(physical, (cache = new CollectionCache(maxEntries, this.hooksFor(physical))));
    return cache;
  }

  /** The cache of a read model if one was made (nobody read it otherwise). */
  peek(physical: string): CollectionCache | undefined {
    return this.caches.get(physical);
  }

  /** The search index `physical` held in memory (made on first ask, loaded from `source`). */
  textIndex(physical: string, source: () => SearchIndex): LiveTextIndex {
    let text = this.texts.get(physical);
    if (!text) this.texts.set(physical, (text = new LiveTextIndex(source())));
    return text;
  }

  /** The in-memory search index if one was made (a batch's writes go to it). */
  peekText(physical: string): LiveTextIndex | undefined {
    return this.texts.get(physical);
  }

  drop(physicals: Iterable<string>): void {
    const names = [...physicals];
    for (const name of names) {
      this.caches.get(name)?.invalidate();
      this.caches.delete(name);
      this.texts.get(name)?.drop();
      this.texts.delete(name);
    }
    this.listener?.dropped(names);
  }

  dropAll(): void {
    this.drop(new Set([...this.caches.keys(), ...this.texts.keys()]));
  }

  private hooksFor(physical: string): CacheHooks | null {
    const listener = this.listener;
    if (!listener) return null;
    return {
      committed: (writes) => listener.committed(physical, writes),
      answersChanged: () => listener.answersChanged(physical),
    };
  }
}
