import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import { toJson } from '../../src/platform/read-store/core/docs';
import type {
  BatchWrites,
  Doc,
  ReadStore,
  ReadStoreSession,
  SearchDocument,
  SearchIndex,
} from '../../src/platform/read-store/read-store.port';
import { BufferedCollection, NeedsTransaction } from './buffered-collection';
import { keepsAnswer, SEARCH_ANSWERS_KEPT } from './cached-search-index';
import type { CommittedDocs } from './committed-docs';
import { checkpointWrite, writeCheckpoint } from './projection-state';
import { physicalName, type ProjectionContext, type Projector } from './projector';

export interface ApplyBatchOptions {
  /** Runs before the batch is written; throw to abandon it (e.g. the generation switched). */
  guard?: ((session: ReadStoreSession) => Promise<void>) | undefined;
  /** Runs last inside the batch's transaction (e.g. switch reads over to a rebuilt generation). */
  finalize?: ((session: ReadStoreSession) => Promise<void>) | undefined;
  /** The runner's shared cache of what its read models hold; read from and updated on commit. */
  cache?: CommittedDocs | undefined;
  /** How a batch without a transaction is written (the runner joins its projectors' writes). */
  writeBatch?: ReadStore['writeBatch'] | undefined;
  /** A rebuild's replay (ProjectionContext.replaying). */
  replaying?: boolean | undefined;
}

/**
 * Applies one batch of the log to one generation of a projector and stores the checkpoint with it:
 * a crash anywhere leaves either all of the batch or none of it.
 *
 * First without a transaction: handlers read committed data and buffer their writes, search index
 * writes included, which are then written with the checkpoint by one writeBatch (one statement on
 * PostgreSQL, where a live message batch used to take BEGIN, reads, writes, checkpoint and COMMIT
 * round trips, and a post's search entry five of them). A batch that needs a transaction after all
 * (a query that must see its own writes) is run again inside one, from the start; handlers are
 * deterministic, and the pushes they stage carry ids, so the second run replaces what the first one
 * staged.
 */
export async function applyBatch(
  store: ReadStore,
  projector: Projector,
  generation: number,
  batch: RecordedEvent[],
  options: ApplyBatchOptions = {},
): Promise<string | null> {
  const last = batch.at(-1)?.checkpoint ?? null;
  const handled = new Set(projector.handles);
  const relevant = handled.has('*') ? batch : batch.filter((e) => handled.has(e.type));
  const shared = options.cache ?? null;
  try {
    const job: BatchJob = { store, projector, generation, relevant, last, options };
    let ctx: BatchContext | null = null;
    if (!options.finalize) ctx = await deferred(job).catch(needsTransaction);
    ctx ??= await inTransaction(job);
    if (shared) ctx.publish(shared);
    return last;
  } catch (err) {
    // A failed write may still have reached the store: whatever the cache holds of it is suspect.
    shared?.drop(ownedPhysicalNames(projector, generation));
    throw err;
  }
}

function needsTransaction(err: unknown): null {
  if (err instanceof NeedsTransaction) return null;
  throw err;
}

/** One batch to apply: the events the projector handles, and the checkpoint to store with them. */
interface BatchJob {
  store: ReadStore;
  projector: Projector;
  generation: number;
  relevant: RecordedEvent[];
  last: string | null;
  options: ApplyBatchOptions;
}

async function deferred({ store, projector, generation, relevant, last, options }: BatchJob): Promise<BatchContext> {
  const ctx = new BatchContext(store, projector, generation, 'deferred', options.cache ?? null, !!options.replaying);
  await handleAll(projector, relevant, ctx);
  await options.guard?.(store);
  const writes = ctx.pendingWrites();
  if (last) writes.push(checkpointWrite(projector.name, generation, last));
  // The log is the durable record: a batch lost in a crash (with its checkpoint) is applied again.
  await (options.writeBatch ?? store.writeBatch.bind(store))(writes, { durable: false });
  return ctx;
}

async function inTransaction({
  store,
  projector,
  generation,
  relevant,
  last,
  options,
}: BatchJob): Promise<BatchContext> {
  let ctx: BatchContext | null = null;
  await store.transaction(
    async (session) => {
      await options.guard?.(session);
      ctx = new BatchContext(session, projector, generation, 'transaction', options.cache ?? null, !!options.replaying);
      await handleAll(projector, relevant, ctx);
      await ctx.flush();
      if (last) await writeCheckpoint(session, projector.name, generation, last);
      await options.finalize?.(session);
    },
    { durable: false },
  );
  return ctx!;
}

async function handleAll(projector: Projector, relevant: RecordedEvent[], ctx: BatchContext) {
  if (relevant.length === 0) return;
  if (projector.prefetch) await ctx.prefetch(projector.prefetch(relevant));
  for (const event of relevant) await projector.handle(event, ctx);
  if (projector.afterBatch) await projector.afterBatch(ctx);
}

/** Physical names of a generation's collections and search indexes (what a runner's shared cache may hold of it). */
export function ownedPhysicalNames(projector: Projector, generation: number): string[] {
  return [...projector.collections.map((c) => c.name), ...(projector.searchIndexes ?? [])].map((name) =>
    physicalName(name, generation),
  );
}

class BatchContext implements ProjectionContext {
  private readonly buffers = new Map<string, BufferedCollection>();
  private readonly owned: Set<string>;
  /** What this batch wrote to each search index: the cached answers it can change go when it commits. */
  private readonly searched = new Map<string, Map<string, SearchDocument | null>>();

  constructor(
    private readonly session: ReadStoreSession,
    private readonly projector: Projector,
    private readonly generation: number,
    private readonly mode: 'deferred' | 'transaction',
    private readonly shared: CommittedDocs | null,
    readonly replaying: boolean,
  ) {
    this.owned = new Set([...projector.collections.map((c) => c.name), ...(projector.searchIndexes ?? [])]);
  }

  collection<T extends Doc = Doc>(logicalName: string): BufferedCollection<T> {
    this.assertOwned(logicalName);
    let buffer = this.buffers.get(logicalName);
    if (!buffer) {
      const physical = physicalName(logicalName, this.generation);
      buffer = new BufferedCollection(this.session.collection(physical), {
        mode: this.mode,
        shared: this.shared?.of(physical),
      });
      this.buffers.set(logicalName, buffer);
    }
    return buffer as unknown as BufferedCollection<T>;
  }

  searchIndex(logicalName: string): SearchIndex {
    this.assertOwned(logicalName);
    let writes = this.searched.get(logicalName);
    if (!writes) this.searched.set(logicalName, (writes = new Map()));
    if (this.mode === 'deferred') return deferredIndex(writes);
    return recorded(this.session.searchIndex(physicalName(logicalName, this.generation)), writes);
  }

  async prefetch(ids: Record<string, string[]>) {
    for (const [name, list] of Object.entries(ids)) await this.collection(name).load(list);
  }

  async flush() {
    for (const buffer of this.buffers.values()) await buffer.flush();
  }

  pendingWrites(): BatchWrites[] {
    return [
      ...[...this.buffers].map(([name, buffer]) => ({
        collection: physicalName(name, this.generation),
        ...buffer.pendingWrites(),
      })),
      ...[...this.searched].map(([name, writes]) => ({
        searchIndex: physicalName(name, this.generation),
        writes: [...writes],
      })),
    ];
  }

  /** The batch committed: the shared cache now holds what it wrote. */
  publish(shared: CommittedDocs) {
    for (const [name, buffer] of this.buffers) {
      if (buffer.written.size === 0) continue;
      const cache = shared.of(physicalName(name, this.generation));
      // Stored as the store keeps them (JSON), so readers get what a read of the store would give.
      const docs = cache.inUse ? new Map([...buffer.written].map(([id, doc]) => [id, doc && toJson(doc)])) : new Map();
      cache.committed(docs);
    }
    for (const [name, writes] of this.searched) {
      const physical = physicalName(name, this.generation);
      shared.peekText(physical)?.committed(writes);
      shared.of(physical, SEARCH_ANSWERS_KEPT).committedAnswers(keepsAnswer(writes));
    }
  }

  private assertOwned(name: string) {
    // A read model has one writer; touching another projector's collection is a bug.
    if (!this.owned.has(name)) throw new Error(`Projector ${this.projector.name} does not own "${name}"`);
  }
}

/**
 * A search index for a batch without a transaction: writes are only noted, and go out with the
 * batch's writeBatch; a query could not see them, so it asks for the transaction.
 */
function deferredIndex(writes: Map<string, SearchDocument | null>): SearchIndex {
  return {
    query: () => Promise.reject(new NeedsTransaction('a search query')),
    upsert: async (id, doc) => void writes.set(id, doc),
    remove: async (id) => void writes.set(id, null),
  };
}

/** A search index that notes what is written to it (the last write of an id wins, as in the index). */
function recorded(target: SearchIndex, writes: Map<string, SearchDocument | null>): SearchIndex {
  return {
    query: (text, options) => target.query(text, options),
    upsert: (id, doc) => {
      writes.set(id, doc);
      return target.upsert(id, doc);
    },
    remove: (id) => {
      writes.set(id, null);
      return target.remove(id);
    },
  };
}
