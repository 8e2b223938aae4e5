import { randomUUID } from 'node:crypto';

import type { EventStore, RecordedEvent, Subscription } from '@platform/event-store/event-store.port';
import type { Logger } from '@platform/logging';
import { LeaseKeeper } from '@platform/read-store/lease-keeper';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { sleep } from '@platform/sleep';

/** Where reactors keep how far they got in the log (one document per reactor). */
export const REACTOR_CHECKPOINTS = 'dc_reactor_checkpoints';

interface CheckpointDoc {
  [key: string]: unknown;
  id: string;
  checkpoint: string;
}

export interface LogReactorOptions {
  /** Keys the checkpoint and the lease. */
  name: string;
  /** The event types it reacts to; the rest only move the checkpoint. */
  handles: readonly string[];
  /**
   * Of those, the events it has business with (default: all). The others are passed over like
   * events of other types: a post outside any community is not a community closure's affair, and
   * storing the checkpoint after each was a statement per post.
   */
  concerns?(event: RecordedEvent): boolean;
  /** Must be safe to run twice for one event: a crash between it and the checkpoint replays it. */
  handle(event: RecordedEvent): Promise<void>;
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  leaseTtlMs?: number;
  retryDelayMs?: number;
  batchSize?: number;
  /** How often, at most, a checkpoint moved only by events passed over is stored (default 5 s). */
  passOverStoreMs?: number;
}

/**
 * A process manager's engine: follows the global log from a stored checkpoint and runs a handler
 * for each event it reacts to, then stores the checkpoint after the event. At least once: killed
 * anywhere, it starts again from the last stored checkpoint, so what an event asks for still happens
 * (handlers are idempotent commands). One process at a time holds its lease; a failing event is
 * retried, with a growing delay, from the stored checkpoint.
 *
 * Most of the log is events a reactor passes over. Storing the checkpoint after each of those
 * batches was two statements per chat message for the two reactors we run (two fifths of what a
 * message cost PostgreSQL in bench:realtime); a stretch passed over is stored at most every
 * `passOverStoreMs` and when the reactor stops. Killed in between, it reads that stretch again and
 * passes over it again: nothing is handled twice that was not already allowed to be.
 */
export class LogReactor {
  private readonly owner = `reactor-${randomUUID()}`;
  private readonly abort = new AbortController();
  private readonly handles: Set<string>;
  private loop: Promise<void> | null = null;
  private subscription: Subscription | null = null;
  private position = '';
  /** The checkpoint last stored, and when. */
  private stored = { checkpoint: '', at: 0 };

  constructor(private readonly options: LogReactorOptions) {
    this.handles = new Set(options.handles);
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.subscription?.stop();
    await this.loop;
    await this.options.readStore.releaseLease(this.lease, this.owner).catch(() => undefined);
  }

  /** The checkpoint of the last event handled (or passed over) by this process. */
  get checkpoint(): string {
    return this.position;
  }

  private get lease() {
    return `reactor:${this.options.name}`;
  }

  private async run(): Promise<void> {
    const { readStore, logger } = this.options;
    const ttl = this.options.leaseTtlMs ?? 15_000;
    let failures = 0;
    await readStore.ensureCollection({ name: REACTOR_CHECKPOINTS });
    while (!this.abort.signal.aborted) {
      const held = await readStore.acquireLease(this.lease, this.owner, ttl).catch(() => false);
      if (!held) {
        await sleep(ttl / 3, this.abort.signal);
        continue;
      }
      let lost = false;
      const stopKeeping = LeaseKeeper.of(readStore).keep(this.lease, this.owner, ttl, {
        onLost: () => {
          lost = true;
          void this.subscription?.stop();
        },
      });
      try {
        const failure = await this.follow(() => lost);
        if (failure) throw failure;
        failures = 0;
      } catch (err) {
        // A handler stopped mid-wait by the shutdown (order expiry): its event runs again next start.
        if (this.abort.signal.aborted) break;
        failures++;
        logger.error({ err, reactor: this.options.name }, 'reactor failed on an event; retrying from its checkpoint');
        await sleep(Math.min((this.options.retryDelayMs ?? 500) * 2 ** (failures - 1), 30_000), this.abort.signal);
      } finally {
        stopKeeping();
      }
    }
  }

  private async store(checkpoint: string): Promise<void> {
    if (checkpoint === this.stored.checkpoint) return;
    await this.options.readStore
      .collection<CheckpointDoc>(REACTOR_CHECKPOINTS)
      .upsert({ id: this.options.name, checkpoint });
    this.stored = { checkpoint, at: performance.now() };
  }

  private async follow(leaseLost: () => boolean): Promise<unknown> {
    const { eventStore, readStore } = this.options;
    const passOverStoreMs = this.options.passOverStoreMs ?? 5_000;
    const found = await readStore.collection<CheckpointDoc>(REACTOR_CHECKPOINTS).get(this.options.name);
    this.position = found?.checkpoint ?? '';
    this.stored = { checkpoint: this.position, at: performance.now() };
    let failure: unknown = null;
    const subscription = eventStore.subscribe({
      after: this.position,
      batchSize: this.options.batchSize ?? 100,
      handler: async (batch) => {
        for (const event of batch) {
          if (this.abort.signal.aborted) return;
          if (!this.handles.has(event.type) || this.options.concerns?.(event) === false) continue;
          await this.options.handle(event);
          await this.store(event.checkpoint);
          this.position = event.checkpoint;
        }
        const last = batch.at(-1)?.checkpoint;
        if (last && !this.abort.signal.aborted) {
          this.position = last;
          if (performance.now() - this.stored.at >= passOverStoreMs) await this.store(last);
        }
      },
      onError: (err) => {
        failure = err;
      },
    });
    this.subscription = subscription;
    if (this.abort.signal.aborted) await subscription.stop();
    await subscription.done;
    this.subscription = null;
    // A stretch passed over and not stored yet; not after the lease went to another process,
    // whose checkpoint may be further on.
    if (!leaseLost()) await this.store(this.position).catch(() => undefined);
    return failure;
  }
}
