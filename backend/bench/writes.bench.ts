/**
 * npm run bench:writes — issue 39: where a write's time goes. PostgreSQL + Redis; 20 members all
 * following each other (the feed bench's data shape, BENCH_SEED_POSTS posts to like and comment
 * on). Through the API, as members write, in two deployments (feed/deployment.ts):
 *
 *   one process   ROLE=all
 *   split         projections, workers and api processes
 *
 * BENCH_WRITES posts (default 10,000) at 1, 8 and 32 in flight, then BENCH_OTHER_WRITES (default
 * 2,000) likes, comments, follows and messages at 8 in flight. For each: writes/s, the member's
 * latency p50/p95, and per phase p50/p95 from the processes' write-phase records (write-phases.ts):
 *
 *   decide    the command's stream read, fold and decision (command start to append start)
 *   append    the event store append, commit included
 *   wake      append committed to the projector holding the events (wake-up and log read)
 *   batch     the projector's batch, written and reported
 *   notify    the report to the waiting command going on
 *   http      the rest of the member's latency: HTTP, session, validation, the answer's read
 *
 * wake, batch and notify are those of the projector the command waited for longest. Beside them,
 * the bare event-store append in the same run (1, 8 and 32 writers).
 */
import { randomBytes } from 'node:crypto';

import type { WritePhaseRecord } from '../src/platform/metrics/write-phases';
import { benchAppends, openBenchStore } from './eventstore.bench';
import { benchEnv, dropSchema, newBenchSchema, startFeedRuntime } from './feed/bench-runtime';
import { Deployment, type DeploymentSpec } from './feed/deployment';
import { csrfTokens, seedFeedData } from './feed/feed-data';

const PORT = Number(process.env.BENCH_PORT ?? 3117);
const BASE = `http://127.0.0.1:${PORT}`;
const POSTS = Number(process.env.BENCH_WRITES ?? 10_000);
const OTHERS = Number(process.env.BENCH_OTHER_WRITES ?? 2_000);
const MEMBERS = 20;
const SEED_POSTS = Number(process.env.BENCH_SEED_POSTS ?? 200);
const IN_FLIGHT = [1, 8, 32];
const PHASES = ['decide', 'append', 'wake', 'batch', 'notify', 'http'] as const;
type Phase = (typeof PHASES)[number];

const DEPLOYMENTS: DeploymentSpec[] = [
  { label: 'one process', processes: [{ ROLE: 'all' }] },
  { label: 'split', processes: [{ ROLE: 'projections' }, { ROLE: 'workers' }, { ROLE: 'api' }] },
];

interface Members {
  ids: string[];
  cookies: string[];
  csrfs: string[];
  postIds: string[];
}

/** One kind of write: the request for the n-th write by member m. */
interface WriteKind {
  name: string;
  count: number;
  inFlight: number;
  request(n: number, m: number): { method: string; path: string; body?: unknown };
}

/** What members have liked and unfollowed so far (the seed: no likes, everyone following everyone). */
interface Toggles {
  liked: Set<string>;
  unfollowed: Set<string>;
}

/** Adds or removes `key`, whichever changes something: a toggle that repeats itself would append nothing. */
function flip(set: Set<string>, key: string): boolean {
  if (set.delete(key)) return false;
  set.add(key);
  return true;
}

function kinds(members: Members, toggles: Toggles): WriteKind[] {
  const other = (m: number, n: number) => members.ids[(m + 1 + (n % (MEMBERS - 1))) % MEMBERS]!;
  const post = (n: number) => members.postIds[n % members.postIds.length]!;
  return [
    ...IN_FLIGHT.map((inFlight) => ({
      name: 'post',
      count: POSTS,
      inFlight,
      request: (n: number) => ({
        method: 'POST',
        path: '/api/posts',
        body: { content: `Bench post ${n}: a reminder about patience and gratitude #bench` },
      }),
    })),
    {
      name: 'like',
      count: OTHERS,
      inFlight: 8,
      request: (n: number, m: number) => {
        const id = post(Math.floor(n / MEMBERS) + m);
        return { method: flip(toggles.liked, `${m}:${id}`) ? 'POST' : 'DELETE', path: `/api/posts/${id}/like` };
      },
    },
    {
      name: 'comment',
      count: OTHERS,
      inFlight: 8,
      request: (n: number) => ({
        method: 'POST',
        path: `/api/posts/${post(n)}/comments`,
        body: { content: `Bench comment ${n}: JazakAllahu khayran` },
      }),
    },
    {
      name: 'follow',
      count: OTHERS,
      inFlight: 8,
      request: (n: number, m: number) => {
        const id = other(m, Math.floor(n / MEMBERS));
        return { method: flip(toggles.unfollowed, `${m}:${id}`) ? 'DELETE' : 'POST', path: `/api/users/${id}/follow` };
      },
    },
    {
      name: 'message',
      count: OTHERS,
      inFlight: 8,
      request: (n: number, m: number) => ({
        method: 'POST',
        path: '/api/messages',
        body: { receiverId: other(m, n), content: `Bench message ${n}: as-salamu alaykum` },
      }),
    },
  ];
}

interface Sent {
  requestId: string;
  ms: number;
}

/** `kind.count` writes, `kind.inFlight` at a time, each by the next member in turn. */
async function run(members: Members, kind: WriteKind, tag: string): Promise<{ sent: Sent[]; seconds: number }> {
  const sent: Sent[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let n = next++; n < kind.count; n = next++) {
      const m = n % MEMBERS;
      const { method, path, body } = kind.request(n, m);
      const requestId = `${tag}-${n}`;
      const t = performance.now();
      const res = await fetch(`${BASE}${path}`, {
        method,
        headers: {
          cookie: `${members.cookies[m]}; dc.csrf=${members.csrfs[m]}`,
          'x-csrf-token': members.csrfs[m]!,
          'x-request-id': requestId,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : null,
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      sent.push({ requestId, ms: performance.now() - t });
    }
  };
  await Promise.all(Array.from({ length: kind.inFlight }, worker));
  return { sent, seconds: (performance.now() - started) / 1000 };
}

/** Each write's phases, joined from the processes' records by request id and checkpoint. */
function phasesOf(sent: Sent[], records: WritePhaseRecord[]): { phases: Record<Phase, number[]>; last: string } {
  const appends = new Map<string, Extract<WritePhaseRecord, { kind: 'append' }>>();
  const commands = new Map<string, Extract<WritePhaseRecord, { kind: 'command' }>>();
  const batches = new Map<string, Extract<WritePhaseRecord, { kind: 'batch' }>[]>();
  for (const r of records) {
    if (r.kind === 'append') appends.set(r.checkpoint, r);
    else if (r.kind === 'command' && r.requestId) commands.set(r.requestId, r);
    else if (r.kind === 'batch') batches.set(r.projector, [...(batches.get(r.projector) ?? []), r]);
  }
  for (const list of batches.values()) list.sort((a, b) => (a.last < b.last ? -1 : 1));
  /** The batch of `projector` that holds checkpoint (first batch whose last is at or after it). */
  const batchOf = (projector: string, checkpoint: string) => {
    const list = batches.get(projector) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.last < checkpoint) lo = mid + 1;
      else hi = mid;
    }
    const b = list[lo];
    return b && b.first <= checkpoint ? b : undefined;
  };
  const out = Object.fromEntries(PHASES.map((p) => [p, [] as number[]])) as Record<Phase, number[]>;
  const lastOnes = new Map<string, number>();
  for (const s of sent) {
    const command = commands.get(s.requestId);
    if (!command) continue;
    const append = appends.get(command.checkpoint);
    if (append) {
      out.decide.push(append.startedAt - command.startedAt);
      out.append.push(append.endedAt - append.startedAt);
    }
    const held = command.projectors
      .map((p) => batchOf(p, command.checkpoint))
      .filter((b) => b !== undefined)
      .sort((a, b) => b.endedAt - a.endedAt)[0];
    if (held && append) {
      lastOnes.set(held.projector, (lastOnes.get(held.projector) ?? 0) + 1);
      out.wake.push(held.receivedAt - append.endedAt);
      out.batch.push(held.endedAt - held.receivedAt);
      out.notify.push(command.endedAt - held.endedAt);
    }
    out.http.push(s.ms - (command.endedAt - command.startedAt));
  }
  // The projectors the writes waited for longest, and how often each was the last.
  const held = [...lastOnes].sort((a, b) => b[1] - a[1]).slice(0, 2);
  const total = [...lastOnes.values()].reduce((n, c) => n + c, 0) || 1;
  return { phases: out, last: held.map(([p, c]) => `${p} ${Math.round((c / total) * 100)}%`).join(', ') };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};
const ms = (v: number) => (Number.isNaN(v) ? '   -' : v.toFixed(1).padStart(5));

function line(label: string, seconds: number, sent: Sent[], { phases, last }: ReturnType<typeof phasesOf>): string {
  const total = sent.map((s) => s.ms);
  const cells = PHASES.map((p) => `${p} ${ms(percentile(phases[p], 0.5))}/${ms(percentile(phases[p], 0.95))}`);
  return (
    `${label.padEnd(30)} ${(sent.length / seconds).toFixed(0).padStart(5)}/s ${seconds.toFixed(1).padStart(6)} s` +
    `  p50/p95 ${ms(percentile(total, 0.5))}/${ms(percentile(total, 0.95))} ms  |  ${cells.join('  ')}  |  last: ${last}`
  );
}

async function seed(schema: string): Promise<Members> {
  const { runtime } = await startFeedRuntime(benchEnv(schema, PORT, { ROLE: 'all' }));
  try {
    const data = await seedFeedData(runtime, undefined, { members: MEMBERS, posts: SEED_POSTS });
    const http = runtime.http!.getHttpAdapter().getInstance();
    const res = await http.inject({
      method: 'GET',
      url: `/api/feed?filter=following&limit=${SEED_POSTS}`,
      headers: { cookie: data.cookies[0]! },
    });
    const postIds = (JSON.parse(res.body) as { id: string }[]).map((p) => p.id);
    if (postIds.length === 0) throw new Error(`the seed's feed answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return { ids: data.members, cookies: data.cookies, csrfs: await csrfTokens(runtime, data.cookies), postIds };
  } finally {
    await runtime.shutdown();
  }
}

async function bareAppends(): Promise<void> {
  const bench = await openBenchStore();
  try {
    for (const writers of IN_FLIGHT) {
      const f = await benchAppends(bench.store, { writers, eventsPerAppend: 1, durationMs: 3000 });
      console.log(
        `${`bare append, ${writers} writer(s)`.padEnd(30)} ${f.appendsPerSecond.toFixed(0).padStart(5)}/s` +
          `           p50/p95 ${ms(f.p50Ms)}/${ms(f.p95Ms)} ms`,
      );
    }
  } finally {
    await bench.dispose();
  }
}

async function main() {
  process.env.BENCH_WRITE_PHASES = 'on';
  const schema = newBenchSchema('writes');
  try {
    const members = await seed(schema);
    const toggles: Toggles = { liked: new Set(), unfollowed: new Set() };
    console.log(
      `\n${MEMBERS} members all following each other; ${POSTS.toLocaleString('en-US')} posts at ${IN_FLIGHT.join(', ')} in flight, ` +
        `${OTHERS.toLocaleString('en-US')} likes, comments, follows and messages at 8; phases p50/p95 in ms\n`,
    );
    await bareAppends();
    for (const spec of DEPLOYMENTS) {
      const deployment = await Deployment.start(spec, schema, PORT);
      try {
        // Warm-up: JIT, pools, caches.
        await run(members, { ...kinds(members, toggles)[1]!, count: 200 }, `warm-${randomBytes(3).toString('hex')}`);
        await deployment.writePhases();
        for (const kind of kinds(members, toggles)) {
          const tag = `${kind.name}-${kind.inFlight}-${randomBytes(3).toString('hex')}`;
          const { sent, seconds } = await run(members, kind, tag);
          const phases = phasesOf(sent, await deployment.writePhases());
          console.log(line(`${spec.label}, ${kind.name} x${kind.inFlight}`, seconds, sent, phases));
        }
      } finally {
        await deployment.stop();
      }
    }
  } finally {
    await dropSchema(schema);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
