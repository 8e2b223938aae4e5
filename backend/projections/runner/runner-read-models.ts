import type { ReadModels } from '@platform/read-models';
import type { Collection, Doc, ReadStore, SearchIndex } from '@platform/read-store/read-store.port';

import { CachedCollection } from './cached-collection';
import type { ProjectionRunner } from './projection-runner';
import { readState } from './projection-state';
import { physicalName, type Projector } from './projector';

/**
 * The runner's ReadModels: maps a logical collection to the generation that serves reads now, so a
 * rebuild can switch generations under running queries.
 */
export class RunnerReadModels implements ReadModels {
  private readonly owners = new Map<string, Projector>();
  private readonly generations = new Map<string, { generation: number; at: number }>();

  /**
   * With `runner`, reads of a read model whose projector this process is following go through the
   * runner's cache of it (CommittedDocs), which each commit updates before any command waiting on
   * that commit answers. Read models owned by another process are always read from the store.
   */
  constructor(
    private readonly readStore: ReadStore,
    projectors: readonly Projector[],
    private readonly cacheMs = 1000,
    private readonly runner: ProjectionRunner | null = null,
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
      const owner = this.owners.get(logicalName)!.name;
      // Someone else writes it (or nobody is following it here): read the store.
      if (!this.runner || this.runner.committedCheckpoint(owner) === undefined) return target;
      return new CachedCollection(target, this.runner.docs.of(physical));
    });
  }

  searchIndex(logicalName: string): SearchIndex {
    return forwardTo(async () => this.readStore.searchIndex(await this.physical(logicalName)));
  }

  /** Forget cached generations (after a switch made in this process). */
  invalidate(): void {
    this.generations.clear();
  }

  private async physical(logicalName: string): Promise<string> {
    const owner = this.owners.get(logicalName);
    if (!owner) throw new Error(`No projector owns read model "${logicalName}"`);
    const cached = this.generations.get(owner.name);
    if (cached && Date.now() - cached.at < this.cacheMs) return physicalName(logicalName, cached.generation);
    const state = await readState(this.readStore, owner.name);
    const generation = state?.activeGeneration ?? 1;
    this.generations.set(owner.name, { generation, at: Date.now() });
    return physicalName(logicalName, generation);
  }

  private own(name: string, projector: Projector) {
    const other = this.owners.get(name);
    if (other && other !== projector)
      throw new Error(`Read model "${name}" is owned by both ${other.name} and ${projector.name}`);
    this.owners.set(name, projector);
  }
}

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
