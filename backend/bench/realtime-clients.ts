import { randomBytes } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

/** What the client thread needs: where to connect, who is who, and the load to apply. */
export interface ClientPlan {
  url: string;
  csrf: string;
  members: { id: string; cookie: string }[];
  pairs: { a: string; b: string; conversationId: string }[];
  rate: number;
  seconds: number;
}

const TS_LOADER = `
const Module = require('node:module');
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');
Module._extensions['.ts'] = (m, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  m._compile(code, filename);
};`;

/** Runs the benchmark clients on a worker thread and answers the report lines. */
export function runClients(plan: ClientPlan): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // run-ts's TypeScript loader is per thread: the worker registers the same one.
    const worker = new Worker(`${TS_LOADER}\nrequire(${JSON.stringify(__filename)});`, { eval: true, workerData: plan });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function connect(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);

async function clients(plan: ClientPlan): Promise<string[]> {
  const out: string[] = [];
  const sockets = new Map<string, Socket>();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const postLatencies: number[] = [];
  const failedWith = new Map<string, number>();
  /** The first answer of each kind of failure, so a failing run says why. */
  const firstFailure = new Map<string, string>();
  let failures = 0;
  const fail = (why: string, detail = '') => {
    failures++;
    failedWith.set(why, (failedWith.get(why) ?? 0) + 1);
    if (!firstFailure.has(why)) firstFailure.set(why, detail.slice(0, 300));
  };

  let t = Date.now();
  for (let i = 0; i < plan.members.length; i += 100) {
    await Promise.all(plan.members.slice(i, i + 100).map(async (m) => sockets.set(m.id, await connect(plan.url, m.cookie))));
  }
  out.push(`  ${sockets.size} sockets connected in ${Date.now() - t} ms`, '');
  /** [second of the run the message was sent in, latency]: shows whether slow messages cluster. */
  const bySecond: [number, number][] = [];
  let began = 0;
  for (const m of plan.members) {
    sockets.get(m.id)!.on('new_message', (msg: { content: string; receiverId: string }) => {
      if (msg.receiverId !== m.id) return;
      const start = sentAt.get(msg.content);
      if (start === undefined) return;
      sentAt.delete(msg.content);
      latencies.push(performance.now() - start);
      bySecond.push([Math.floor((start - began) / 1000), performance.now() - start]);
    });
  }

  // 1,000 members coming online set off their presence work (partners told, deliveries marked):
  // that storm is part of connecting, not of the message load measured below.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  out.push(`  waited ${SETTLE_MS} ms for the server to settle after the connections`);

  const cookies = new Map(plan.members.map((m) => [m.id, m.cookie]));
  const total = plan.rate * plan.seconds;
  began = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = began + (i * 1000) / plan.rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const pair = plan.pairs[i % plan.pairs.length];
    const [from, to] = i % 2 ? [pair.b, pair.a] : [pair.a, pair.b];
    const content = `bench ${i} ${randomBytes(4).toString('hex')}`;
    const start = performance.now();
    sentAt.set(content, start);
    inflight.push(
      fetch(`${plan.url}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${cookies.get(from)}; dc.csrf=${plan.csrf}`, 'x-csrf-token': plan.csrf },
        body: JSON.stringify({ conversationId: pair.conversationId, receiverId: to, content }),
      }).then(
        async (res) => {
          const body = await res.text();
          if (res.status !== 201) fail(String(res.status), body);
          else postLatencies.push(performance.now() - start);
        },
        (err: Error) => fail(err.message),
      ),
    );
  }
  await Promise.all(inflight);
  const deadline = Date.now() + 5000;
  while (sentAt.size > failures && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const elapsed = (performance.now() - began) / 1000;
  t = Date.now();
  for (const s of sockets.values()) s.close();

  const seconds = new Map<number, number[]>();
  for (const [second, ms] of bySecond) seconds.set(second, [...(seconds.get(second) ?? []), ms]);
  const perSecond = [...seconds]
    .sort(([a], [b]) => a - b)
    .map(([, list]) => percentile(list.sort((x, y) => x - y), 95).toFixed(0))
    .join(' ');
  latencies.sort((x, y) => x - y);
  postLatencies.sort((x, y) => x - y);
  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  out.push(
    `  sent ${total}, delivered ${latencies.length}, failed ${failures} ${JSON.stringify(Object.fromEntries(failedWith))}, in ${elapsed.toFixed(1)} s`,
    ...[...firstFailure].map(([why, detail]) => `  first ${why}: ${detail}`),
    `  sustained: ${(latencies.length / elapsed).toFixed(0)} messages/s delivered`,
    `  POST -> new_message at recipient: p50 ${fmt(percentile(latencies, 50))}, p95 ${fmt(percentile(latencies, 95))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(latencies.at(-1) ?? NaN)}`,
    `  p95 of each second of the run (ms): ${perSecond}`,
    `  POST /api/messages answer:        p50 ${fmt(percentile(postLatencies, 50))}, p95 ${fmt(percentile(postLatencies, 95))}, p99 ${fmt(percentile(postLatencies, 99))}`,
  );
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
