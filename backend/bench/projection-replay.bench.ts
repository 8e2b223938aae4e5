/**
 * Projection catch-up: a fresh runner replays a log of N events into a PostgreSQL read model,
 * from checkpoint zero, the way a new read model or a rebuild starts.
 */
import { auditProjector } from '@projections/audit';

import {
  CHECKPOINT_COLLECTION,
  checkpointId,
  ensureBookkeeping,
  ProjectionRunner,
  type Projector,
  readState,
  rebuildProjection,
  RunnerProgress,
  STATE_COLLECTION,
} from '../projections/runner';
import { dropGeneration } from '../projections/runner/collections';
import { tallyProjector } from '../projections/runner/testing/tally.projector';
import type { EventStore } from '../src/platform/event-store/event-store.port';
import { silentLogger } from '../src/platform/logging';
import { SqlReadStore } from '../src/platform/read-store/sql.read-store';
import type { PgSqlClient } from '../src/platform/sql';

export interface ReplayFigures {
  label: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/** Appends `total` events over `streams` streams in batches (setup, not measured). */
export async function seedLog(store: EventStore, total: number, streams = 2000, perAppend = 100): Promise<string> {
  let last = '';
  const versions = new Map<number, number>();
  for (let written = 0; written < total; ) {
    const s = (written / perAppend) % streams;
    const n = Math.min(perAppend, total - written);
    const events = Array.from({ length: n }, (_, i) => ({
      type: 'Counted',
      data: { i, text: 'Connecting the Ummah: a payload the size of a short post.' },
      metadata: { actor: `user-${s}` },
    }));
    const r = await store.appendToStream(`counter-${s}`, events, versions.get(s) ?? 'no_stream');
    versions.set(s, r.nextExpectedVersion);
    last = r.checkpoint;
    written += n;
  }
  return last;
}

/** A live runner starting from zero, timed until its checkpoint reaches the head. */
export async function benchCatchUp(
  store: EventStore,
  sql: PgSqlClient,
  projector: Projector,
  head: string,
  events: number,
  batchSize = 2000,
): Promise<ReplayFigures> {
  const readStore = new SqlReadStore(sql);
  await forget(readStore, projector);
  const runner = new ProjectionRunner({
    eventStore: store,
    readStore,
    projectors: [projector],
    logger: silentLogger,
    batchSize,
  });
  const started = performance.now();
  await runner.start();
  const caughtUp = await new RunnerProgress(readStore, runner).waitFor(head, [projector.name], 600_000);
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  if (!caughtUp) throw new Error(`${projector.name} did not catch up`);
  return {
    label: `catch-up: ${projector.name} (batch ${batchSize})`,
    events,
    seconds,
    eventsPerSecond: events / seconds,
  };
}

/** Removes a read model and its bookkeeping, so the next runner starts from checkpoint zero. */
async function forget(readStore: SqlReadStore, projector: Projector) {
  await ensureBookkeeping(readStore);
  const state = await readState(readStore, projector.name);
  if (!state) return;
  await dropGeneration(readStore, projector, state.activeGeneration);
  await readStore.collection(CHECKPOINT_COLLECTION).delete(checkpointId(projector.name, state.activeGeneration));
  await readStore.collection(STATE_COLLECTION).delete(projector.name);
}

/** A rebuild into a fresh generation while the current one serves, timed to the switch. */
export async function benchRebuild(
  store: EventStore,
  sql: PgSqlClient,
  projector: Projector,
  events: number,
): Promise<ReplayFigures> {
  const readStore = new SqlReadStore(sql);
  const started = performance.now();
  await rebuildProjection({ eventStore: store, readStore, projector, logger: silentLogger, dropAfterMs: 0 });
  const seconds = (performance.now() - started) / 1000;
  return { label: `rebuild: ${projector.name} (batch 2000)`, events, seconds, eventsPerSecond: events / seconds };
}

export function formatReplay(f: ReplayFigures): string {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return `${f.label.padEnd(44)} ${n(f.eventsPerSecond).padStart(9)} events/s   (${n(f.events)} events in ${f.seconds.toFixed(1)} s)`;
}

export async function runReplayBench(store: EventStore, sql: PgSqlClient, total: number): Promise<ReplayFigures[]> {
  const head = await seedLog(store, total);
  const tally = tallyProjector();
  const figures = [
    await benchCatchUp(store, sql, tally, head, total),
    await benchCatchUp(store, sql, auditProjector, head, total),
    // The app's default batch size (PROJECTION_BATCH_SIZE).
    await benchCatchUp(store, sql, auditProjector, head, total, 500),
    await benchRebuild(store, sql, tally, total),
  ];
  // The figures only count if the read model is right: every stream saw each event once, in order.
  const readStore = new SqlReadStore(sql);
  const state = await readStore
    .collection<{ id: string; activeGeneration: number }>('dc_projection_state')
    .get('tally');
  const docs = await readStore
    .collection<{ id: string; count: number; anomalies?: number[] }>(`tallies__g${state!.activeGeneration}`)
    .find({ limit: 1000 });
  let counted = 0;
  let pages = docs;
  for (;;) {
    for (const d of pages.items) {
      counted += d.count;
      if (d.anomalies?.length) throw new Error(`stream ${d.id} saw events out of order`);
    }
    if (!pages.nextCursor) break;
    pages = await readStore
      .collection<{ id: string; count: number; anomalies?: number[] }>(`tallies__g${state!.activeGeneration}`)
      .find({ limit: 1000, after: pages.nextCursor });
  }
  if (counted !== total) throw new Error(`tally counted ${counted} of ${total} events`);
  return figures;
}
