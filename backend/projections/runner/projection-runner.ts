import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

import type { EventStore, Subscription } from '../../src/platform/event-store/event-store.port';
import type { Logger } from '../../src/platform/logging';
import { preciseNow, publishWritePhase } from '../../src/platform/metrics/write-phases';
import { LeaseKeeper } from '../../src/platform/read-store/lease-keeper';
import type { ReadStore, ReadStoreSession } from '../../src/platform/read-store/read-store.port';
import { sleep } from '../../src/platform/sleep';
import { applyBatch, ownedPhysicalNames } from './apply-batch';
import { ensureBookkeeping, ensureGeneration } from './collections';
import { CommittedDocs } from './committed-docs';
import {
  checkpointWrite,
  GUARD_RECHECK_MS,
  type ProjectionStateDoc,
  readCheckpoint,
  readState,
  STATE_COLLECTION,
} from './projection-state';
import { type Projector } from './projector';
import { rebuildProjection } from './rebuild';
import { SharedStateLooks } from './state-looks';
import { WriteCoalescer } from './write-coalescer';

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projectors: Projector[];
  logger: Logger;
  batchSize?: number;
  leaseTtlMs?: number;
  /** Delay before retrying after a failed batch; doubles up to 30 s. */
  retryDelayMs?: number;
}

class GenerationSwitched extends Error {}

/** How long the checkpoint of batches with nothing for a projector waits before it is stored. */
const IDLE_CHECKPOINT_DELAY_MS = 200;

/**
 * Runs every projector from its stored checkpoint: one loop per projector, each holding a lease so
 * only one process writes a read model, each batch committed with its checkpoint.
 */
export class ProjectionRunner {
  /**
   * Emits ('committed', name) when a batch changed a projector's read model, then
   * ('progress', name, checkpoint) whenever the projector moved on (changed or not).
   */
  readonly progress = new EventEmitter();
  /** What the read models of the projectors this runner follows hold (see CommittedDocs). */
  readonly docs = new CommittedDocs();
  private readonly owner = `runner-${randomUUID()}`;
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly rebuilds = new Set<Promise<void>>();
  private readonly subscriptions = new Set<Subscription>();
  private readonly committed = new Map<string, string>();
  /** The generation each followed projector writes: reads in this process go there (see RunnerReadModels). */
  private readonly following = new Map<string, number>();
  private readonly batchSize: number;
  private readonly leaseTtlMs: number;
  private readonly retryDelayMs: number;
  private readonly writer: WriteCoalescer;
  private readonly stateLooks = new SharedStateLooks(() => [...this.following.keys()]);

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.leaseTtlMs = options.leaseTtlMs ?? 15_000;
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.progress.setMaxListeners(0);
    this.writer = new WriteCoalescer(options.readStore);
  }

  async start(): Promise<void> {
    await ensureBookkeeping(this.options.readStore);
    for (const projector of this.options.projectors) this.loops.push(this.run(projector));
  }

  /**
   * How far this process has carried a projector it is following now (stored, or skipped because
   * nothing in it concerned the projector); undefined when this process does not follow it.
   */
  committedCheckpoint(name: string): string | undefined {
    return this.committed.get(name);
  }

  /** The generation this process writes a projector into now; undefined when it does not follow it. */
  followedGeneration(name: string): number | undefined {
    return this.following.get(name);
  }

  projectorNames(): string[] {
    return this.options.projectors.map((p) => p.name);
  }

  /** True while this runner follows every one of its projectors (holds every lease). */
  followsAll(): boolean {
    return this.committed.size === this.options.projectors.length;
  }

  /** Stops every loop after its current batch and releases the leases. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await Promise.all(this.loops);
    // A version rebuild cut short by the abort still retires the generation it replaced (at once,
    // not after the usual grace): left running past stop(), it dropped tables under the next owner.
    await Promise.all(this.rebuilds);
  }

  private get stopped() {
    return this.abort.signal.aborted;
  }

  private async run(projector: Projector): Promise<void> {
    const { readStore, logger } = this.options;
    const log = logger.child({ projection: projector.name });
    const lease = `projection:${projector.name}`;
    let failures = 0;
    while (!this.stopped) {
      if (!(await this.tryLease(lease))) {
        await sleep(this.leaseTtlMs / 3, this.abort.signal);
        continue;
      }
      const current: { subscription?: Subscription } = {};
      const stopKeeping = LeaseKeeper.of(readStore).keep(lease, this.owner, this.leaseTtlMs, {
        onLost: () => {
          // Another process owns the read model now (we stalled past the lease): stand down.
          log.warn('lost the projection lease; stopping after the current batch');
          void current.subscription?.stop();
        },
        // A failed renewal is tried again at the next tick; the lease outlives two of them.
        onError: (err) => log.warn({ err }, 'could not renew the projection lease'),
      });
      try {
        const state = await this.loadOrCreateState(projector);
        if (state.version !== projector.version && !state.building) this.startVersionRebuild(projector, log);
        const error = await this.follow(projector, state.activeGeneration, current);
        if (error && !(error instanceof GenerationSwitched)) throw error;
        failures = 0;
      } catch (err) {
        failures++;
        log.error({ err }, 'projection batch failed; retrying from the stored checkpoint');
        await sleep(Math.min(this.retryDelayMs * 2 ** (failures - 1), 30_000), this.abort.signal);
      } finally {
        stopKeeping();
      }
    }
    await readStore.releaseLease(lease, this.owner).catch(() => undefined);
  }

  /** Subscribes from the generation's checkpoint until stopped or a batch fails; returns the failure. */
  private async follow(
    projector: Projector,
    generation: number,
    current: { subscription?: Subscription },
  ): Promise<unknown> {
    const { readStore, eventStore } = this.options;
    await ensureGeneration(readStore, projector, generation);
    const after = await readCheckpoint(readStore, projector.name, generation);
    // Whatever was cached before this loop (another owner may have written since) is not trusted.
    this.docs.drop(ownedPhysicalNames(projector, generation));
    this.committed.set(projector.name, after);
    this.following.set(projector.name, generation);
    const handles = new Set(projector.handles);
    const relevant = (type: string) => handles.has('*') || handles.has(type);
    // A switch of generation (a rebuild finishing, maybe in another process) is rare: the stored
    // state is read again at most every GUARD_RECHECK_MS, not once per batch. A batch or two may
    // then still land in the old generation, which nothing reads any more and the loop then leaves;
    // but its progress is never reported: the state is looked at again after each write unless the
    // last look began under GUARD_RECHECK_MS before, and a rebuild switches no sooner than that after
    // it marks itself building (so a look that began before the mark is stale by then).
    // The look may be one another projector's batch began (SharedStateLooks): its start counts.
    let checkedAt = -Infinity;
    let rebuilding = false;
    const guard = async (session: ReadStoreSession) => {
      if (performance.now() - checkedAt < GUARD_RECHECK_MS) return;
      const look = await this.stateLooks.look(session, rebuilding);
      const s = look.states.get(projector.name);
      if (s && s.activeGeneration !== generation) throw new GenerationSwitched();
      // While a rebuild fills a new generation, every batch looks, before and after it is written:
      // once reads switch over, a batch landing in the old generation must not let a waiting command
      // answer before the new generation has its events (the rebuild, for its part, does not switch
      // while this loop's stored checkpoint is ahead of what it replayed).
      rebuilding = !!s?.building;
      checkedAt = rebuilding ? -Infinity : look.startedAt;
    };
    // Batches with nothing for this read model skip the transaction; their checkpoint is stored
    // a moment later, once for many such batches, so other processes' waits still see it move.
    let idle: string | null = null;
    let idleTimer: NodeJS.Timeout | null = null;
    let chain: Promise<unknown> = Promise.resolve();
    const serial = <T>(work: () => Promise<T>): Promise<T> => {
      const run = chain.then(work);
      chain = run.catch(() => undefined);
      return run;
    };
    const storeIdle = () =>
      serial(async () => {
        idleTimer = null;
        const checkpoint = idle;
        if (!checkpoint) return;
        idle = null;
        // Like a batch: a checkpoint lost in a crash only means those events are looked at again.
        await guard(readStore)
          .then(() =>
            this.writer.writeBatch([checkpointWrite(projector.name, generation, checkpoint)], { durable: false }),
          )
          .catch(() => undefined);
      });
    const advanced = (checkpoint: string) => {
      this.committed.set(projector.name, checkpoint);
      this.progress.emit('progress', projector.name, checkpoint);
    };

    let failure: unknown = null;
    const subscription = eventStore.subscribe({
      after,
      batchSize: this.batchSize,
      handler: (batch) => {
        const receivedAt = preciseNow();
        return serial(async () => {
          const last = batch.at(-1)?.checkpoint;
          if (last === undefined) return;
          // Timed up to the progress report, which wakes waiting commands at once.
          const timed = (endedAt = preciseNow()) =>
            publishWritePhase(() => ({
              kind: 'batch',
              projector: projector.name,
              first: batch[0]!.checkpoint,
              last,
              receivedAt,
              endedAt,
            }));
          if (!batch.some((e) => relevant(e.type))) {
            idle = last;
            idleTimer ??= setTimeout(() => void storeIdle(), IDLE_CHECKPOINT_DELAY_MS);
            const endedAt = preciseNow();
            advanced(last);
            timed(endedAt);
            return;
          }
          const checkpoint = await applyBatch(readStore, projector, generation, batch, {
            guard,
            cache: this.docs,
            writeBatch: this.writer.writeBatch,
          });
          await guard(readStore);
          idle = null;
          // Before 'progress': caches of this read model must be gone when a waiting command answers.
          this.progress.emit('committed', projector.name);
          const endedAt = preciseNow();
          if (checkpoint) advanced(checkpoint);
          timed(endedAt);
        });
      },
      onError: (err) => {
        failure = err;
      },
    });
    this.subscriptions.add(subscription);
    current.subscription = subscription;
    if (this.stopped) await subscription.stop();
    await subscription.done;
    this.subscriptions.delete(subscription);
    if (idleTimer) clearTimeout(idleTimer);
    await storeIdle();
    // Only a runner that is following a projector may vouch for its progress (or cache its read model).
    this.committed.delete(projector.name);
    this.following.delete(projector.name);
    this.docs.drop(ownedPhysicalNames(projector, generation));
    return failure;
  }

  private async loadOrCreateState(projector: Projector): Promise<ProjectionStateDoc> {
    const { readStore } = this.options;
    const existing = await readState(readStore, projector.name);
    if (existing) return existing;
    const fresh: ProjectionStateDoc = {
      id: projector.name,
      activeGeneration: 1,
      version: projector.version,
      building: null,
      switchedAt: new Date().toISOString(),
    };
    await readStore.collection<ProjectionStateDoc>(STATE_COLLECTION).upsert(fresh);
    return fresh;
  }

  private startVersionRebuild(projector: Projector, log: Logger) {
    log.info({ version: projector.version }, 'projector version changed; rebuilding into a new generation');
    const rebuild = rebuildProjection({
      eventStore: this.options.eventStore,
      readStore: this.options.readStore,
      projector,
      logger: log,
      signal: this.abort.signal,
    })
      .then(() => undefined)
      .catch((err) => log.error({ err }, 'rebuild failed; the previous generation keeps serving'))
      .finally(() => this.rebuilds.delete(rebuild));
    this.rebuilds.add(rebuild);
  }

  private tryLease(name: string) {
    return this.options.readStore.acquireLease(name, this.owner, this.leaseTtlMs).catch(() => false);
  }
}
