import { CollectionCache } from './cached-collection';

/**
 * The caches of the read-model collections a runner writes, by physical name, shared by its
 * projectors (which read and then update them as their batches commit) and by the query side of
 * the same process (ReadModels). A cache is only trusted while this runner follows the projector;
 * it is dropped when the runner starts or stops following it, and whenever a commit may have
 * failed halfway (the store could then hold something the cache does not). A search index's cache
 * holds query answers only (CachedSearchIndex), dropped whenever a batch writes to the index.
 */
export class CommittedDocs {
  private readonly caches = new Map<string, CollectionCache>();

  /** maxEntries applies when the cache is made (both sides of a read model pass the same). */
  of(physical: string, maxEntries?: number): CollectionCache {
    let cache = this.caches.get(physical);
    if (!cache) this.caches.set(physical, (cache = new CollectionCache(maxEntries)));
    return cache;
  }

  drop(physicals: Iterable<string>): void {
    for (const name of physicals) {
      this.caches.get(name)?.invalidate();
      this.caches.delete(name);
    }
  }
}
