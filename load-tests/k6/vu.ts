/**
 * One k6 VU in a worker thread: the script's module evaluated here with the k6 API of this file,
 * iterations run synchronously as in k6 (http calls block on Atomics.wait while the main thread
 * does the I/O, sleep blocks the thread), samples posted to the main thread in batches.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';

import { CookieJar } from './cookie-jar';
import type { WireRequest, WireResponse } from './io';
import type { MetricType, Sample } from './metrics';
import { createHttp } from './vu-http';

export interface VUData {
  scriptUrl: string;
  hooksUrl: string;
  vu: number;
  env: Record<string, string>;
  io: MessagePort;
  ioSignal: SharedArrayBuffer;
  /** [0]: 1 = stop after the current iteration. */
  control: SharedArrayBuffer;
  noCookiesReset: boolean;
  maxRedirects: number;
}

export type ToVU =
  | { type: 'call'; fn: 'setup' | 'teardown'; data: unknown }
  | {
      type: 'run';
      scenario: string;
      exec: string;
      data: unknown;
      env: Record<string, string>;
      tags: Record<string, string>;
      /** per-vu: this many iterations; shared: take turns from `shared` up to this many; else until stopped. */
      iterations: number;
      mode: 'duration' | 'per-vu' | 'shared';
      shared: SharedArrayBuffer | null;
    };

export type FromVU =
  | { type: 'ready'; exports: string[] }
  | { type: 'init-error'; message: string }
  | { type: 'called'; result: unknown; error: string | null }
  | { type: 'samples'; samples: Sample[] }
  | { type: 'iteration-error'; message: string }
  | { type: 'idle' };

/** Everything the VU's script sees of k6, bound to this VU. */
export function createVU(data: VUData) {
  const ioSignal = new Int32Array(data.ioSignal);
  const control = new Int32Array(data.control);
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const jar = new CookieJar();
  let pending: Sample[] = [];
  let lastFlush = performance.now();
  let inInit = true;
  let group = '';
  let scenario = { name: '', tags: {} as Record<string, string>, iteration: 0 };

  const post = (message: FromVU) => parentPort!.postMessage(message);
  const flush = () => {
    if (pending.length) post({ type: 'samples', samples: pending });
    pending = [];
    lastFlush = performance.now();
  };
  const emit = (metric: string, type: MetricType, value: number, tags: Record<string, string>, time?: boolean) => {
    pending.push({
      metric,
      type,
      value,
      tags: { ...scenario.tags, scenario: scenario.name, group, ...tags },
      ...(time && { time }),
    });
    if (pending.length >= 500 || performance.now() - lastFlush > 250) flush();
  };

  const send = (req: WireRequest): WireResponse => {
    Atomics.store(ioSignal, 0, 0);
    data.io.postMessage(req);
    // The main thread always answers (a network error or timeout is an answer); the bound is a guard.
    if (Atomics.wait(ioSignal, 0, 0, req.timeoutMs + 30_000) === 'timed-out')
      throw new Error(`no answer from the runner for ${req.method} ${req.url}`);
    return receiveMessageOnPort(data.io)!.message as WireResponse;
  };

  const http = createHttp({ send, jar, emit, inInit: () => inInit, maxRedirects: data.maxRedirects });

  function check(value: unknown, sets: Record<string, unknown>, tags: Record<string, string> = {}) {
    let all = true;
    for (const [name, predicate] of Object.entries(sets)) {
      const ok = typeof predicate === 'function' ? !!predicate(value) : !!predicate;
      emit('checks', 'rate', ok ? 1 : 0, { check: name, ...tags });
      all &&= ok;
    }
    return all;
  }

  function groupFn<T>(name: string, fn: () => T): T {
    const outer = group;
    group = `${outer}::${name}`;
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      emit('group_duration', 'trend', performance.now() - t0, {});
      group = outer;
    }
  }

  const k6 = {
    check,
    group: groupFn,
    sleep: (seconds: number) => {
      if (seconds > 0) Atomics.wait(sleeper, 0, 0, seconds * 1000);
    },
    fail: (message = '') => {
      throw new Error(message);
    },
  };

  class CustomMetric {
    constructor(
      readonly name: string,
      private readonly type: MetricType,
      private readonly isTime = false,
    ) {}
    add(value: number | boolean, tags: Record<string, string> = {}) {
      emit(this.name, this.type, typeof value === 'boolean' ? Number(value) : value, tags, this.isTime);
    }
  }
  const metrics = {
    Counter: class extends CustomMetric {
      constructor(name: string) {
        super(name, 'counter');
      }
    },
    Gauge: class extends CustomMetric {
      constructor(name: string) {
        super(name, 'gauge');
      }
    },
    Rate: class extends CustomMetric {
      constructor(name: string) {
        super(name, 'rate');
      }
    },
    Trend: class extends CustomMetric {
      constructor(name: string, isTime = false) {
        super(name, 'trend', isTime);
      }
    },
  };

  const execution = {
    get vu() {
      return { idInTest: data.vu, iterationInInstance: scenario.iteration, iterationInScenario: scenario.iteration };
    },
    get scenario() {
      return { name: scenario.name, iterationInTest: scenario.iteration };
    },
  };

  return {
    modules: { k6, 'k6/http': http, 'k6/metrics': metrics, 'k6/execution': execution },
    endInit() {
      inInit = false;
    },
    control,
    jar,
    flush,
    emit,
    setGroup(path: string) {
      group = path;
    },
    setScenario(name: string, tags: Record<string, string>, iteration: number) {
      scenario = { name, tags, iteration };
    },
  };
}

/** An error as k6 reports it: the message and where in the script it was thrown (not the runner's frames). */
export function scriptError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const frame = (err.stack ?? '')
    .split('\n')
    .slice(1)
    .find((l) => l.includes('file://') && !l.includes('/load-tests/k6/'));
  return frame ? `${err.message} ${frame.trim()}` : err.message;
}

const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/** The worker's life: load the script, then answer the main thread's calls and runs. */
async function main(data: VUData) {
  const { register } = await import('node:module');
  register(data.hooksUrl);
  const vu = createVU(data);
  const g = globalThis as Record<string, unknown>;
  g.__k6shim = vu.modules;
  g.__ENV = { ...data.env };
  g.__VU = data.vu;
  g.__ITER = 0;
  const scriptDir = dirname(fileURLToPath(data.scriptUrl));
  g.open = (path: string, mode?: string) => {
    const file = readFileSync(resolve(scriptDir, path));
    return mode === 'b' ? file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) : file.toString('utf8');
  };
  let script: Record<string, unknown>;
  try {
    script = await importModule(data.scriptUrl);
  } catch (err) {
    parentPort!.postMessage({ type: 'init-error', message: scriptError(err) } satisfies FromVU);
    return;
  }
  vu.endInit();
  parentPort!.postMessage({ type: 'ready', exports: Object.keys(script) } satisfies FromVU);
  parentPort!.on('message', (msg: ToVU) => {
    if (msg.type === 'call') {
      vu.setScenario(msg.fn, {}, 0);
      vu.setGroup(`::${msg.fn}`);
      let result: unknown = null;
      let error: string | null = null;
      try {
        const fn = script[msg.fn] as (d: unknown) => unknown;
        // setup's data reaches the VUs as JSON, as in k6.
        result = JSON.parse(JSON.stringify(fn(msg.data) ?? null));
      } catch (err) {
        error = scriptError(err);
      }
      vu.setGroup('');
      vu.flush();
      parentPort!.postMessage({ type: 'called', result, error } satisfies FromVU);
      return;
    }
    const fn = script[msg.exec];
    Object.assign(g.__ENV as object, msg.env);
    const shared = msg.shared ? new Int32Array(msg.shared) : null;
    let iteration = 0;
    while (Atomics.load(vu.control, 0) === 0) {
      if (msg.mode === 'per-vu' && iteration >= msg.iterations) break;
      if (shared && Atomics.add(shared, 0, 1) >= msg.iterations) break;
      g.__ITER = iteration;
      vu.setScenario(msg.scenario, msg.tags, iteration);
      const t0 = performance.now();
      try {
        if (typeof fn !== 'function') throw new Error(`the script exports no function "${msg.exec}"`);
        (fn as (d: unknown) => unknown)(msg.data);
      } catch (err) {
        parentPort!.postMessage({
          type: 'iteration-error',
          message: scriptError(err),
        } satisfies FromVU);
      }
      vu.setGroup('');
      if (!data.noCookiesReset) vu.jar.clear();
      vu.emit('iteration_duration', 'trend', performance.now() - t0, {});
      vu.emit('iterations', 'counter', 1, {});
      iteration++;
    }
    vu.flush();
    parentPort!.postMessage({ type: 'idle' } satisfies FromVU);
  });
}

if (parentPort && (workerData as VUData | undefined)?.scriptUrl) void main(workerData as VUData);
