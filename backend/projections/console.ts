import type { DriftReport, ProjectionStatus, RebuildProgress } from '@contract';

import type { EventStore } from '../src/platform/event-store/event-store.port';
import type { Logger } from '../src/platform/logging';
import type { ProjectionsConsole, ReadModels } from '../src/platform/read-models';
import type { ReadStore } from '../src/platform/read-store/read-store.port';
import { verifyCommunityCounts } from './communities';
import { countEventsAfter, projectionStatuses, type Projector, rebuildProjection } from './runner';
import { verifyPostCounters } from './social';
import { verifyLedger } from './support';

export interface ConsoleDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  readModels: ReadModels;
  projectors: readonly Projector[];
  logger: Logger;
  /** Lag is counted up to this many events (a page of the log per 10,000). */
  lagCap?: number;
}

/**
 * The projections console behind /api/admin/projections: the CLI's status and verify (same code),
 * and rebuilds run in this process in the background, their progress kept until the next one.
 */
export class RunnerProjectionsConsole implements ProjectionsConsole {
  private readonly rebuilds = new Map<string, RebuildProgress>();
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: ConsoleDeps) {}

  async status(): Promise<ProjectionStatus[]> {
    const { eventStore, readStore, projectors, lagCap } = this.deps;
    const rows = await projectionStatuses(eventStore, readStore, projectors, lagCap ?? 100_000);
    return rows.map((row) => ({ ...row, rebuild: this.rebuilds.get(row.name) ?? null }));
  }

  async rebuild(name: string): Promise<RebuildProgress | null> {
    const projector = this.deps.projectors.find((p) => p.name === name);
    if (!projector) return null;
    const current = this.rebuilds.get(name);
    if (current?.state === 'running') return current;
    const { events: total } = await countEventsAfter(this.deps.eventStore, '', 10_000_000);
    const progress: RebuildProgress = {
      name,
      state: 'running',
      generation: null,
      events: 0,
      total,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
    };
    this.rebuilds.set(name, progress);
    const run = rebuildProjection({
      eventStore: this.deps.eventStore,
      readStore: this.deps.readStore,
      projector,
      logger: this.deps.logger.child({ component: 'rebuild', projector: name }),
      signal: this.abort.signal,
      onProgress: (events) => {
        progress.events = events;
        // Events appended while it ran are replayed too.
        progress.total = Math.max(progress.total, events);
      },
    }).then(
      (result) => Object.assign(progress, { state: 'done', generation: result.generation, events: result.events }),
      (err: unknown) => {
        Object.assign(progress, { state: 'failed', error: err instanceof Error ? err.message : String(err) });
        this.deps.logger.warn({ err, projector: name }, 'rebuild failed');
      },
    );
    const tracked = run.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(tracked);
    void tracked.finally(() => {
      progress.finishedAt ??= new Date().toISOString();
      this.running.delete(tracked);
    });
    return progress;
  }

  /** What `npm run projections:verify` reports: post counters, the donations ledger and community counts, recounted from the log. */
  async verify(): Promise<DriftReport> {
    const { eventStore, readStore, readModels } = this.deps;
    const [posts, ledger, communities] = await Promise.all([
      verifyPostCounters(eventStore, readStore, readModels),
      verifyLedger(eventStore, readStore, readModels),
      verifyCommunityCounts(eventStore, readStore, readModels),
    ]);
    return {
      ...posts,
      ok: posts.ok && ledger.drift.length === 0 && communities.drift.length === 0,
      ledger,
      communities,
    };
  }

  /** Stops running rebuilds (their live generation stays untouched) before the stores close. */
  async close(): Promise<void> {
    this.abort.abort();
    await Promise.all([...this.running]);
  }
}
