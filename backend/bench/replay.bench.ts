/**
 * npm run bench:replay [-- --members 30 --posts 1200 --messages 600]
 *
 * How long a rebuild of each real projector takes, so ops know before starting one. The whole app
 * (ROLE=all, PostgreSQL, a schema of its own) makes a log through the real commands (see
 * replay-seed.ts); then the app stops and each projector registered in backend/projections/index.ts
 * is rebuilt from checkpoint zero into a fresh generation, as `npm run projections:rebuild` does.
 * Per projector it prints the seconds, the log's events/s (the rate that predicts a rebuild's
 * duration: every event of the log is read, handled or not) and the handled events/s. A rebuild
 * only counts if it gives the same read model: each of its collections must hold as many documents
 * as the generation the live runner built while the commands ran (the run fails otherwise).
 */
import type { RecordedEvent } from '@platform/event-store/event-store.port';

import { buildProjectors } from '../projections';
import { physicalName, type Projector, readState, rebuildProjection } from '../projections/runner';
import { createLogger, silentLogger } from '../src/platform/logging';
import { openPlatform, type Platform } from '../src/platform/platform';
import { PersonalDataVault } from '../src/platform/privacy/personal-data-vault';
import { startBenchApp } from './http-bench';
import { DEFAULT_REPLAY_SEED, type ReplaySeedOptions, seedReplayLog } from './replay-seed';

export interface ProjectorReplayFigures {
  projector: string;
  logEvents: number;
  handledEvents: number;
  seconds: number;
  /** Events of the log per second: a rebuild of a log of N events takes about N / this. */
  logEventsPerSecond: number;
  handledEventsPerSecond: number;
  documents: number;
}

async function readWholeLog(platform: Platform): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let after = ''; ; ) {
    const page = await platform.eventStore.readAll({ after, maxCount: 5000 });
    events.push(...page);
    if (page.length < 5000) return events;
    after = page.at(-1)!.checkpoint;
  }
}

/** Documents per logical collection of the projector's active generation. */
async function documentCounts(platform: Platform, projector: Projector): Promise<Map<string, number>> {
  const state = await readState(platform.readStore, projector.name);
  const counts = new Map<string, number>();
  if (!state) return counts;
  for (const spec of projector.collections) {
    counts.set(spec.name, await platform.readStore.collection(physicalName(spec.name, state.activeGeneration)).count());
  }
  return counts;
}

const handledBy = (projector: Projector, events: RecordedEvent[]) =>
  projector.handles.includes('*') ? events.length : events.filter((e) => projector.handles.includes(e.type)).length;

export async function benchProjectorRebuilds(platform: Platform): Promise<ProjectorReplayFigures[]> {
  const vault = new PersonalDataVault(platform.readStore);
  await vault.init();
  const log = await readWholeLog(platform);
  const figures: ProjectorReplayFigures[] = [];
  const mismatches: string[] = [];
  for (const projector of buildProjectors({ vault })) {
    const before = await documentCounts(platform, projector);
    const started = performance.now();
    const result = await rebuildProjection({
      eventStore: platform.eventStore,
      readStore: platform.readStore,
      projector,
      logger: silentLogger,
      dropAfterMs: 0,
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.events !== log.length) mismatches.push(`${projector.name}: replayed ${result.events} of ${log.length}`);
    const after = await documentCounts(platform, projector);
    for (const [name, n] of after) {
      if (before.has(name) && before.get(name) !== n)
        mismatches.push(`${projector.name}/${name}: ${n} documents after the rebuild, ${before.get(name)} live`);
    }
    const handled = handledBy(projector, log);
    figures.push({
      projector: projector.name,
      logEvents: log.length,
      handledEvents: handled,
      seconds,
      logEventsPerSecond: log.length / seconds,
      handledEventsPerSecond: handled / seconds,
      documents: [...after.values()].reduce((a, b) => a + b, 0),
    });
    console.log(formatProjectorReplay(figures.at(-1)!));
  }
  if (mismatches.length) throw new Error(`rebuilds gave a different read model:\n  ${mismatches.join('\n  ')}`);
  return figures;
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

export function formatProjectorReplay(f: ProjectorReplayFigures): string {
  return (
    `${f.projector.padEnd(25)} ${f.seconds.toFixed(2).padStart(6)} s ${n(f.logEventsPerSecond).padStart(9)} log events/s` +
    `  ${n(f.handledEvents).padStart(7)} handled (${n(f.handledEventsPerSecond).padStart(7)}/s)  ${n(f.documents).padStart(7)} docs` +
    `  ~${(1_000_000 / f.logEventsPerSecond / 60).toFixed(1)} min per 1M events`
  );
}

function flag(args: string[], name: keyof ReplaySeedOptions): number | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number >= 0`);
  return value;
}

async function main() {
  const args = process.argv.slice(2);
  const options = { ...DEFAULT_REPLAY_SEED };
  for (const key of Object.keys(options) as (keyof ReplaySeedOptions)[]) options[key] = flag(args, key) ?? options[key];
  if (options.members < 2) throw new Error('--members must be at least 2');

  const app = await startBenchApp('replay', 39_000 + Math.floor(Math.random() * 1000));
  let platform: Platform | null = null;
  try {
    console.log(`Replay benchmark: seeding through the real commands (${JSON.stringify(options)})`);
    const seeded = await seedReplayLog(app.runtime.http!, app.runtime.readModels, options);
    const head = await app.runtime.platform.eventStore.headCheckpoint();
    const names = app.runtime.runner?.projectorNames() ?? [];
    if (!(await app.runtime.progress.waitFor(head, names, 600_000)))
      throw new Error('the read models did not catch up');
    // The rebuilds run alone, as the CLI does: the app's runner would otherwise share the CPU.
    await app.runtime.shutdown();
    platform = await openPlatform(app.config, createLogger('warn'));
    const log = await readWholeLog(platform);
    const types = new Map<string, number>();
    for (const e of log) types.set(e.type, (types.get(e.type) ?? 0) + 1);
    console.log(
      `\nLog: ${n(log.length)} events (${Object.entries(seeded)
        .map(([k, v]) => `${n(v)} ${k}`)
        .join(', ')}); by type: ${[...types]
        .sort((a, b) => b[1] - a[1])
        .map(([t, c]) => `${t} ${c}`)
        .join(', ')}\n`,
    );
    console.log(
      'Rebuild of each projector from checkpoint zero (PostgreSQL event and read stores, batches of 2,000):\n',
    );
    const figures = await benchProjectorRebuilds(platform);
    const total = figures.reduce((s, f) => s + f.seconds, 0);
    console.log(
      `\nAll ${figures.length} projectors one after another: ${total.toFixed(1)} s for ${n(log.length)} events ` +
        `(${n(log.length / total)} log events/s overall; ~${(1_000_000 / (log.length / total) / 60).toFixed(0)} min per 1M events)`,
    );
  } finally {
    await platform?.close();
    if (!process.env.BENCH_KEEP) await app.sql.query(`DROP SCHEMA IF EXISTS ${app.schema} CASCADE`);
    await app.sql.close();
  }
}

if (process.argv[1] === __filename) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
