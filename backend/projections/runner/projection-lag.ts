import type { EventStore } from '../../src/platform/event-store/event-store.port';
import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import type { ProjectionRunner } from './projection-runner';
import { readCheckpoint, readState } from './projection-state';
import type { Projector } from './projector';

/** How far a projector's live read model is behind the log. */
export interface ProjectorLag {
  projector: string;
  /** Events in the log after its checkpoint (at most the meter's cap). */
  events: number;
  /** True when there are more than `events` (counting stopped at the cap). */
  capped: boolean;
  /** Age of the oldest event it has not applied yet; 0 when caught up. */
  seconds: number;
  /** False while it has no live generation yet (first build): its read models do not exist. */
  serving: boolean;
}

/** Events after `checkpoint`, counted up to `cap` (the projections:status CLI and the meter). */
export async function countEventsAfter(eventStore: EventStore, checkpoint: string, cap: number) {
  let events = 0;
  let after = checkpoint;
  let oldest: string | null = null;
  while (events < cap) {
    const batch = await eventStore.readAll({ after, maxCount: Math.min(1_000, cap - events) });
    if (batch.length === 0) break;
    oldest ??= batch[0]!.metadata.occurredAt;
    events += batch.length;
    after = batch.at(-1)!.checkpoint;
  }
  const capped = events >= cap && (await eventStore.readAll({ after, maxCount: 1 })).length > 0;
  return { events, capped, oldest };
}

/**
 * Lag of every projector: from the runner of this process for the projectors it follows (exact and
 * free), else from the stored checkpoint of the live generation. Measured at most once per
 * `maxAgeMs`, so several scrapes and readiness probes share one round of reads.
 */
export class ProjectionLagMeter {
  private last: { at: number; lags: Promise<ProjectorLag[]> } | null = null;

  constructor(
    private readonly deps: {
      eventStore: EventStore;
      readStore: ReadStore;
      projectors: readonly Projector[];
      runner: ProjectionRunner | null;
      cap?: number;
      maxAgeMs?: number;
    },
  ) {}

  measure(): Promise<ProjectorLag[]> {
    const now = Date.now();
    if (this.last && now - this.last.at < (this.deps.maxAgeMs ?? 1_000)) return this.last.lags;
    const lags = this.read();
    this.last = { at: now, lags };
    lags.catch(() => (this.last = null));
    return lags;
  }

  private async read(): Promise<ProjectorLag[]> {
    const { eventStore, readStore, projectors, runner } = this.deps;
    const cap = this.deps.cap ?? 100_000;
    const head = await eventStore.headCheckpoint();
    // Projectors often stand at the same checkpoint: count each distinct one once.
    const counted = new Map<string, ReturnType<typeof countEventsAfter>>();
    return Promise.all(
      projectors.map(async (p): Promise<ProjectorLag> => {
        const state = await readState(readStore, p.name);
        const local = runner?.committedCheckpoint(p.name);
        const checkpoint = local ?? (state ? await readCheckpoint(readStore, p.name, state.activeGeneration) : '');
        const serving = state !== null;
        if (checkpoint >= head) return { projector: p.name, events: 0, capped: false, seconds: 0, serving };
        let count = counted.get(checkpoint);
        if (!count) counted.set(checkpoint, (count = countEventsAfter(eventStore, checkpoint, cap)));
        const { events, capped, oldest } = await count;
        const seconds = oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0;
        return { projector: p.name, events, capped, seconds, serving };
      }),
    );
  }
}
