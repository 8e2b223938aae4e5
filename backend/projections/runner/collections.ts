import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { CHECKPOINT_COLLECTION, STATE_COLLECTION } from './projection-state';
import { physicalName, type Projector } from './projector';

/** Creates the projection bookkeeping collections (idempotent). */
export async function ensureBookkeeping(store: ReadStore): Promise<void> {
  await store.ensureCollection({ name: STATE_COLLECTION });
  await store.ensureCollection({ name: CHECKPOINT_COLLECTION });
}

/** Creates one generation's collections and search indexes (idempotent). */
export async function ensureGeneration(store: ReadStore, projector: Projector, generation: number): Promise<void> {
  for (const c of projector.collections) {
    await store.ensureCollection({ ...c, name: physicalName(c.name, generation) });
  }
  for (const s of projector.searchIndexes ?? []) await store.ensureSearchIndex(physicalName(s, generation));
}

export async function dropGeneration(store: ReadStore, projector: Projector, generation: number): Promise<void> {
  for (const c of projector.collections) await store.dropCollection(physicalName(c.name, generation));
  for (const s of projector.searchIndexes ?? []) await store.dropSearchIndex(physicalName(s, generation));
}
