import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { Doc, ReadStore, ReadStoreSession } from '../../src/platform/read-store/read-store.port';
import { BufferedCollection } from './buffered-collection';
import { writeCheckpoint } from './projection-state';
import { ProjectionContext, Projector, physicalName } from './projector';

export interface ApplyBatchOptions {
  /** Runs first inside the transaction; throw to abandon the batch (e.g. the generation switched). */
  guard?: (session: ReadStoreSession) => Promise<void>;
  /** Runs last inside the transaction (e.g. switch reads over to a rebuilt generation). */
  finalize?: (session: ReadStoreSession) => Promise<void>;
}

/**
 * Applies one batch of the log to one generation of a projector and stores the checkpoint in the
 * same transaction: a crash anywhere leaves either all of the batch or none of it.
 */
export async function applyBatch(
  store: ReadStore,
  projector: Projector,
  generation: number,
  batch: RecordedEvent[],
  options: ApplyBatchOptions = {},
): Promise<string | null> {
  const last = batch.length > 0 ? batch[batch.length - 1].checkpoint : null;
  const handled = new Set(projector.handles);
  const relevant = handled.has('*') ? batch : batch.filter((e) => handled.has(e.type));
  await store.transaction(async (session) => {
    await options.guard?.(session);
    const ctx = new BatchContext(session, projector, generation);
    if (projector.prefetch && relevant.length > 0) await ctx.prefetch(projector.prefetch(relevant));
    for (const event of relevant) await projector.handle(event, ctx);
    if (projector.afterBatch && relevant.length > 0) await projector.afterBatch(ctx);
    await ctx.flush();
    if (last) await writeCheckpoint(session, projector.name, generation, last);
    await options.finalize?.(session);
    // The log is the durable record: a batch lost in a crash (with its checkpoint) is applied again.
  }, { durable: false });
  return last;
}

class BatchContext implements ProjectionContext {
  private readonly buffers = new Map<string, BufferedCollection>();
  private readonly owned: Set<string>;

  constructor(
    private readonly session: ReadStoreSession,
    private readonly projector: Projector,
    private readonly generation: number,
  ) {
    this.owned = new Set([...projector.collections.map((c) => c.name), ...(projector.searchIndexes ?? [])]);
  }

  collection<T extends Doc = Doc>(logicalName: string): BufferedCollection<T> {
    this.assertOwned(logicalName);
    let buffer = this.buffers.get(logicalName);
    if (!buffer) {
      buffer = new BufferedCollection(this.session.collection(physicalName(logicalName, this.generation)));
      this.buffers.set(logicalName, buffer);
    }
    return buffer as unknown as BufferedCollection<T>;
  }

  searchIndex(logicalName: string) {
    this.assertOwned(logicalName);
    return this.session.searchIndex(physicalName(logicalName, this.generation));
  }

  async prefetch(ids: Record<string, string[]>) {
    for (const [name, list] of Object.entries(ids)) await this.collection(name).load(list);
  }

  async flush() {
    for (const buffer of this.buffers.values()) await buffer.flush();
  }

  private assertOwned(name: string) {
    // A read model has one writer; touching another projector's collection is a bug.
    if (!this.owned.has(name)) throw new Error(`Projector ${this.projector.name} does not own "${name}"`);
  }
}
