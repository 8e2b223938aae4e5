import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import { io, type Socket } from 'socket.io-client';

import { costPer, type ServerSample, threadCpuMs } from './server-cost';

/** What the client thread needs: where to connect, who is who, and the load to apply. */
export interface ClientPlan {
  url: string;
  /** Each member's session cookie (`dc.sid=...`) and the CSRF token bound to it. */
  members: { id: string; cookie: string; csrf: string }[];
  pairs: { a: string; b: string; conversationId: string }[];
  rate: number;
  seconds: number;
}

const TS_LOADER = `require(${JSON.stringify(join(__dirname, '../../scripts/ts-register.cjs'))});`;

/** What the clients ask of the server's side, on the main thread. */
export interface ServerHooks {
  /** Resolves once the work set off so far is done (the clients ask after connecting). */
  settle(): Promise<void>;
  /** What the server has spent so far (the clients take one at the start and end of each phase). */
  sample(): ServerSample;
}

type FromClients = string[] | 'settle' | 'sample';

/** Runs the benchmark clients on a worker thread and answers the report lines. */
export function runClients(plan: ClientPlan, server: ServerHooks): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // run-ts's TypeScript loader is per thread: the worker registers the same one.
    const worker = new Worker(`${TS_LOADER}\nrequire(${JSON.stringify(__filename)});`, {
      eval: true,
      workerData: plan,
    });
    worker.on('message', (m: FromClients) => {
      if (m === 'settle') server.settle().then(() => worker.postMessage('settled'), reject);
      else if (m === 'sample') worker.postMessage(server.sample());
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

/** Asks the main thread something (runClients' hooks) and waits for its answer. */
function ask<T>(what: 'settle' | 'sample'): Promise<T> {
  return new Promise((resolve) => {
    parentPort!.once('message', (answer: T) => resolve(answer));
    parentPort!.postMessage(what);
  });
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function connect(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * A keep-alive HTTP client lighter than fetch: the clients share the machine's two cores with the
 * server they measure, so every cycle they spend is taken from it.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);

interface PhaseResult {
  sent: number;
  /** POST -> new_message at the recipient, ms, in the order they arrived. */
  latencies: number[];
  /** POST -> 201 answer, ms. */
  answers: number[];
  /** p95 of the messages sent in each second of the phase. */
  perSecond: number[];
  failures: number;
  failedWith: Map<string, number>;
  /** The first answer of each kind of failure, so a failing run says why. */
  firstFailure: Map<string, string>;
  elapsed: number;
  /** Share of the phase the client thread's event loop was busy. */
  clientBusy: number;
  /** What the server spent in the phase, per message sent. */
  cost: string;
}

async function clients(plan: ClientPlan): Promise<string[]> {
  const out: string[] = [];
  const sockets = new Map<string, Socket>();
  /** content -> [performance.now() at send, the phase's record]. */
  const sentAt = new Map<string, [number, (latency: number) => void]>();

  let t = Date.now();
  for (let i = 0; i < plan.members.length; i += 100) {
    await Promise.all(
      plan.members.slice(i, i + 100).map(async (m) => sockets.set(m.id, await connect(plan.url, m.cookie))),
    );
  }
  out.push(`  ${sockets.size} sockets connected in ${Date.now() - t} ms`, '');
  for (const m of plan.members) {
    sockets.get(m.id)!.on('new_message', (msg: { content: string; receiverId: string }) => {
      if (msg.receiverId !== m.id) return;
      const sent = sentAt.get(msg.content);
      if (sent === undefined) return;
      sentAt.delete(msg.content);
      sent[1](performance.now() - sent[0]);
    });
  }

  // 1,000 members coming online set off their presence work (partners told, deliveries marked):
  // that storm is part of connecting, not of the message load measured below. The server is
  // settled once that work is done (however long it takes this machine), then left quiet a while.
  t = Date.now();
  await ask('settle');
  const drained = Date.now() - t;
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  out.push(
    `  the connections' work was done ${drained} ms after they connected; then ${SETTLE_MS} ms quiet before sending`,
  );

  const byId = new Map(plan.members.map((m) => [m.id, m]));
  let next = 0;
  /** Sends plan.rate messages a second for `seconds`, round the pairs, and waits for them to arrive. */
  async function phase(seconds: number): Promise<PhaseResult> {
    const r: PhaseResult = {
      sent: 0,
      latencies: [],
      answers: [],
      perSecond: [],
      failures: 0,
      failedWith: new Map(),
      firstFailure: new Map(),
      elapsed: 0,
      clientBusy: 0,
      cost: '',
    };
    const fail = (why: string, detail = '') => {
      r.failures++;
      r.failedWith.set(why, (r.failedWith.get(why) ?? 0) + 1);
      if (!r.firstFailure.has(why)) r.firstFailure.set(why, detail.slice(0, 300));
    };
    const bySecond: number[][] = Array.from({ length: seconds }, () => []);
    const total = plan.rate * seconds;
    const spentBefore = await ask<ServerSample>('sample');
    const clientsBefore = threadCpuMs();
    const began = performance.now();
    const elu = performance.eventLoopUtilization();
    const waiting = new Set<string>();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = began + (i * 1000) / plan.rate - performance.now();
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      const n = next++;
      const pair = plan.pairs[n % plan.pairs.length];
      if (!pair) throw new Error('the plan has no conversation pairs');
      const [from, to] = n % 2 ? [pair.b, pair.a] : [pair.a, pair.b];
      const content = `bench ${n} ${randomBytes(4).toString('hex')}`;
      const start = performance.now();
      const second = Math.min(seconds - 1, Math.floor((start - began) / 1000));
      waiting.add(content);
      sentAt.set(content, [start, (ms) => (waiting.delete(content), r.latencies.push(ms), bySecond[second]?.push(ms))]);
      r.sent++;
      inflight.push(
        post(
          `${plan.url}/api/messages`,
          JSON.stringify({ conversationId: pair.conversationId, receiverId: to, content }),
          {
            cookie: `${byId.get(from)?.cookie}; dc.csrf=${byId.get(from)?.csrf}`,
            'x-csrf-token': byId.get(from)?.csrf ?? '',
          },
        ).then(
          ({ status, body }) => {
            if (status !== 201) {
              waiting.delete(content);
              fail(String(status), body);
            } else r.answers.push(performance.now() - start);
          },
          (err: Error) => (waiting.delete(content), fail(err.message)),
        ),
      );
    }
    await Promise.all(inflight);
    const deadline = Date.now() + 5000;
    while (waiting.size > 0 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    for (const content of waiting) sentAt.delete(content);
    r.elapsed = (performance.now() - began) / 1000;
    r.cost = costPer(spentBefore, await ask<ServerSample>('sample'), r.sent, 'message', threadCpuMs() - clientsBefore);
    r.clientBusy = performance.eventLoopUtilization(elu).utilization;
    r.perSecond = bySecond.map((list) =>
      percentile(
        list.sort((x, y) => x - y),
        95,
      ),
    );
    r.latencies.sort((x, y) => x - y);
    r.answers.sort((x, y) => x - y);
    return r;
  }

  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  const spread = (list: number[]) =>
    `p50 ${fmt(percentile(list, 50))}, p95 ${fmt(percentile(list, 95))}, p99 ${fmt(percentile(list, 99))}, max ${fmt(list.at(-1) ?? NaN)}`;
  const perSecond = (r: PhaseResult) => r.perSecond.map((ms) => ms.toFixed(0)).join(' ');

  // A process that has just started runs its code unoptimised and its caches cold: the first
  // seconds, long enough for a message through every conversation, are reported on their own
  // line, and the measured run starts after them.
  const WARMUP_SECONDS = Number(
    process.env.BENCH_WARMUP_SECONDS ?? Math.max(2, Math.ceil(plan.pairs.length / plan.rate)),
  );
  let warm: PhaseResult | null = null;
  if (WARMUP_SECONDS > 0) {
    warm = await phase(WARMUP_SECONDS);
    out.push(
      `  warm-up, ${WARMUP_SECONDS} s at the same rate (not counted below): delivered ${warm.latencies.length}/${warm.sent}, ${spread(warm.latencies)}`,
      `  p95 of each warm-up second (ms): ${perSecond(warm)}`,
      // The answer includes the command's wait for its read models: where a slow warm-up is spent.
      `  warm-up POST /api/messages answer: ${spread(warm.answers)}`,
      `  warm-up ${warm.cost}`,
    );
  }
  const run = await phase(plan.seconds);
  t = Date.now();
  for (const s of sockets.values()) s.close();
  agent.destroy();

  out.push(
    `  sent ${run.sent}, delivered ${run.latencies.length}, failed ${run.failures} ${JSON.stringify(Object.fromEntries(run.failedWith))}, in ${run.elapsed.toFixed(1)} s`,
    ...[...run.firstFailure].map(([why, detail]) => `  first ${why}: ${detail}`),
    `  sustained: ${(run.latencies.length / run.elapsed).toFixed(0)} messages/s delivered`,
    `  POST -> new_message at recipient: ${spread(run.latencies)}`,
    `  p95 of each second of the run (ms): ${perSecond(run)}`,
    `  POST /api/messages answer:        ${spread(run.answers)}`,
    `  client thread busy ${(run.clientBusy * 100).toFixed(0)} % of the run`,
    `  ${run.cost}`,
  );
  if (warm) {
    // Issue 20's cold-start target: the first seconds within 3x of the steady run.
    const warmP95 = percentile(warm.latencies, 95);
    const steadyP95 = percentile(run.latencies, 95);
    out.push(
      `  cold start: warm-up p95 ${fmt(warmP95)}, steady p95 ${fmt(steadyP95)}, ratio ${(warmP95 / steadyP95).toFixed(2)} (target <= 3)`,
    );
  }
  return out;
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  clients(workerData as ClientPlan).then(
    (lines) => port.postMessage(lines),
    (err) => {
      throw err;
    },
  );
}
