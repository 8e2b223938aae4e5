/**
 * Event store benchmark against the local PostgreSQL (DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test), in a fresh schema dropped at the end.
 *
 *   npm run bench:eventstore            (node scripts/run-ts.mjs backend/bench/eventstore.bench.ts)
 *   BENCH_SECONDS=2 npm run bench:eventstore
 *
 * The functions are exported so that other sections (projection replay) can reuse the store and
 * the figures format.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { loadConfig } from '../src/platform/config';
import type { EventStore } from '../src/platform/event-store/event-store.port';
import { SqlEventStore, type SqlEventStoreOptions } from '../src/platform/event-store/sql.event-store';
import { PgSqlClient } from '../src/platform/sql';
import { formatReplay, runReplayBench } from './projection-replay.bench';

export const BENCH_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchStore {
  store: SqlEventStore;
  sql: PgSqlClient;
  /** Closes the store and the client and drops the schema. */
  dispose(): Promise<void>;
}

/** A SQL event store on a fresh schema of the benchmark database. */
export async function openBenchStore(options: SqlEventStoreOptions & { poolSize?: number } = {}): Promise<BenchStore> {
  const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  // The schema's name as application_name: backendCpuMs finds this bench's server processes by it.
  const url = new URL(BENCH_DATABASE_URL);
  url.searchParams.set('application_name', schema);
  // DATABASE_PREPARED_STATEMENTS=off compares against statements parsed and planned on every call.
  const { preparedStatements } = loadConfig({
    DATABASE_URL: BENCH_DATABASE_URL,
    DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS ?? 'on',
  }).database!;
  const sql = new PgSqlClient({
    connectionString: url.toString(),
    schema,
    max: options.poolSize ?? 24,
    preparedStatements,
  });
  const store = await SqlEventStore.create(sql, options);
  return {
    store,
    sql,
    dispose: async () => {
      await store.close();
      await sql.dropSchema();
      await sql.close();
    },
  };
}

/**
 * CPU time (user + system) used so far by this bench's PostgreSQL server processes, read from
 * /proc: a measure of our statements' cost that other load on the machine does not change the way
 * it changes appends/s. null when the server is not on this machine (or /proc is not readable).
 */
export async function backendCpuMs(sql: PgSqlClient): Promise<number | null> {
  const { rows } = await sql.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE application_name = current_setting('application_name')",
  );
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  // Linux reports these in clock ticks of 1/100 s (USER_HZ) on every common platform.
  return ticks * 10;
}

export interface AppendFigures {
  label: string;
  writers: number;
  eventsPerAppend: number;
  appends: number;
  events: number;
  seconds: number;
  appendsPerSecond: number;
  eventsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface AppendBenchOptions {
  writers: number;
  eventsPerAppend: number;
  durationMs: number;
  label?: string;
}

/**
 * Each writer appends to a stream of its own, with the exact expected version (as a command
 * handler does), back to back until the time is up.
 */
export async function benchAppends(store: EventStore, o: AppendBenchOptions): Promise<AppendFigures> {
  const run = randomBytes(4).toString('hex');
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + o.durationMs;
  const writer = async (w: number) => {
    const streamId = `bench-${run}-${w}`;
    let expected: number | 'no_stream' = 'no_stream';
    let n = 0;
    while (performance.now() < deadline) {
      const events = Array.from({ length: o.eventsPerAppend }, () => ({
        type: 'BenchEventAppended',
        data: { writer: w, n: n++, text: 'As-salamu alaykum, a benchmark payload of a typical size.' },
        metadata: { actor: `user-${w}` },
      }));
      const t = performance.now();
      const result = await store.appendToStream(streamId, events, expected);
      latencies.push(performance.now() - t);
      expected = result.nextExpectedVersion;
    }
  };
  await Promise.all(Array.from({ length: o.writers }, (_, w) => writer(w)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const appends = latencies.length;
  return {
    label: o.label ?? `${o.writers} writer(s) x ${o.eventsPerAppend} event(s)/append`,
    writers: o.writers,
    eventsPerAppend: o.eventsPerAppend,
    appends,
    events: appends * o.eventsPerAppend,
    seconds,
    appendsPerSecond: appends / seconds,
    eventsPerSecond: (appends * o.eventsPerAppend) / seconds,
    p50Ms: latencies[Math.floor(appends * 0.5)] ?? 0,
    p95Ms: latencies[Math.floor(appends * 0.95)] ?? 0,
    p99Ms: latencies[Math.floor(appends * 0.99)] ?? 0,
  };
}

export function formatFigures(f: AppendFigures): string {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return (
    `${f.label.padEnd(44)} ${n(f.appendsPerSecond).padStart(8)} appends/s ${n(f.eventsPerSecond).padStart(9)} events/s` +
    `   p50 ${f.p50Ms.toFixed(1)} ms  p99 ${f.p99Ms.toFixed(1)} ms  (${n(f.events)} events in ${f.seconds.toFixed(1)} s)`
  );
}

/**
 * The floor under our appends: bare PostgreSQL on the same server, `writers` connections each
 * committing one-row inserts (the same payload) back to back, no event store code at all.
 */
export async function benchBarePostgres(sql: PgSqlClient, writers: number, durationMs: number): Promise<AppendFigures> {
  await sql.query(
    'CREATE TABLE IF NOT EXISTS bare_inserts (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)',
  );
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  const writer = async (w: number) => {
    let n = 0;
    while (performance.now() < deadline) {
      const data = { writer: w, n: n++, text: 'As-salamu alaykum, a benchmark payload of a typical size.' };
      const t = performance.now();
      await sql.query('INSERT INTO bare_inserts (stream, data) VALUES ($1, $2)', [`bare-${w}`, JSON.stringify(data)]);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const appends = latencies.length;
  return {
    label: `bare PostgreSQL: ${writers} connections x 1-row insert`,
    writers,
    eventsPerAppend: 1,
    appends,
    events: appends,
    seconds,
    appendsPerSecond: appends / seconds,
    eventsPerSecond: appends / seconds,
    p50Ms: latencies[Math.floor(appends * 0.5)] ?? 0,
    p95Ms: latencies[Math.floor(appends * 0.95)] ?? 0,
    p99Ms: latencies[Math.floor(appends * 0.99)] ?? 0,
  };
}

export async function main(): Promise<void> {
  const durationMs = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
  const bench = await openBenchStore();
  try {
    const server =
      (await bench.sql.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? 'unknown';
    console.log(`Event store benchmark: PostgreSQL ${server}, ${durationMs / 1000} s per run\n`);
    const runs: AppendBenchOptions[] = [
      { writers: 1, eventsPerAppend: 1, durationMs },
      { writers: 16, eventsPerAppend: 1, durationMs },
      { writers: 1, eventsPerAppend: 100, durationMs },
      { writers: 16, eventsPerAppend: 100, durationMs },
    ];
    const figures: AppendFigures[] = [];
    const cpuPerAppend: (number | null)[] = [];
    for (const run of runs) {
      const cpu = await backendCpuMs(bench.sql);
      figures.push(await benchAppends(bench.store, run));
      const used = await backendCpuMs(bench.sql);
      cpuPerAppend.push(cpu !== null && used !== null ? ((used - cpu) * 1000) / figures.at(-1)!.appends : null);
      console.log(formatFigures(figures.at(-1)!));
    }
    // Measured in the same run, so a busy machine lowers both sides alike.
    const cpu = await backendCpuMs(bench.sql);
    const bare = await benchBarePostgres(bench.sql, 16, durationMs);
    const used = await backendCpuMs(bench.sql);
    console.log(formatFigures(bare));
    const ours = figures[1]!;
    const ratio = (100 * ours.appendsPerSecond) / bare.appendsPerSecond;
    console.log(
      `\n16 writers x 1 event: ${Math.round(ours.appendsPerSecond).toLocaleString('en-US')} appends/s = ` +
        `${ratio.toFixed(0)}% of bare PostgreSQL's one-row inserts (target >= 70%)`,
    );
    const oursCpu = cpuPerAppend[1];
    if (oursCpu != null && cpu !== null && used !== null) {
      const bareCpu = ((used - cpu) * 1000) / bare.appends;
      console.log(
        `PostgreSQL CPU per append (16 writers x 1 event): ours ${oursCpu.toFixed(0)} us, bare insert ${bareCpu.toFixed(0)} us ` +
          `(server processes' user+system time; less moved by other load than the rates)`,
      );
    }
  } finally {
    await bench.dispose();
  }

  // Replay runs on a log of its own, so the append runs above do not change its size.
  const replayEvents = Number(process.env.BENCH_REPLAY_EVENTS ?? 200_000);
  const replay = await openBenchStore();
  try {
    console.log(`\nProjection replay: ${replayEvents.toLocaleString('en-US')} events into the PostgreSQL read store\n`);
    for (const f of await runReplayBench(replay.store, replay.sql, replayEvents)) console.log(formatReplay(f));
  } finally {
    await replay.dispose();
  }
}

// Run directly (scripts/run-ts.mjs sets argv[1] to this file), not when imported by another bench.
if (process.argv[1] === __filename) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
