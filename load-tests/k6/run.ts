/**
 * npm run load -- <script.k6.js> [--vus N] [--duration 30s] [--base-url URL] [-e KEY=VALUE]
 *                                [--summary-export file.json]
 *
 * Runs a k6 script on Node with the part of the k6 API our scripts use (see load-tests/README in
 * the repo README): each VU is a worker thread running iterations synchronously as k6 does,
 * scenarios are scheduled here, and the summary is k6's. Exits 99 when a threshold is crossed
 * (k6's code), 107 when the script fails to load or setup throws.
 */
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';

import { serveVU } from './io';
import { HOOKS_URL } from './loader';
import { MetricStore } from './metrics';
import {
  type CliOverrides,
  type K6Options,
  parseDuration,
  planScenarios,
  type ScenarioPlan,
  targetVUs,
} from './options';
import { DEFAULT_TREND_STATS, formatSummary, summarize, type Summary } from './summary';
import { evaluate, parseThresholds, type Threshold, type ThresholdResult } from './thresholds';
import { createVU, type FromVU, scriptError, type ToVU, type VUData } from './vu';

export const EXIT = { thresholds: 99, script: 107, usage: 2 } as const;

export interface RunArgs {
  script: string;
  cli: CliOverrides;
  env: Record<string, string>;
  summaryExport: string | null;
  quiet: boolean;
}

export function parseArgs(argv: string[]): RunArgs {
  const args: RunArgs = { script: '', cli: {}, env: {}, summaryExport: null, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] =
      argv[i]!.includes('=') && argv[i]!.startsWith('--') ? argv[i]!.split(/=(.*)/s) : [argv[i]!, undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--vus' || flag === '-u') args.cli.vus = Number(value());
    else if (flag === '--duration' || flag === '-d') args.cli.duration = value();
    else if (flag === '--base-url') args.env.BASE_URL = value();
    else if (flag === '-e' || flag === '--env') {
      const [k, v = ''] = value().split(/=(.*)/s);
      args.env[k!] = v;
    } else if (flag === '--summary-export') args.summaryExport = value();
    else if (flag === '--quiet' || flag === '-q') args.quiet = true;
    else if (!flag!.startsWith('-') && !args.script) args.script = flag!;
    else throw new Error(`unknown argument ${flag}`);
  }
  if (!args.script) throw new Error('a script is required');
  if (args.cli.vus !== undefined && (!Number.isInteger(args.cli.vus) || args.cli.vus < 1))
    throw new Error('--vus must be a whole number of at least 1');
  if (args.cli.duration !== undefined) parseDuration(args.cli.duration, '--duration');
  return args;
}

const TS_LOADER = `require(${JSON.stringify(join(__dirname, '../../scripts/ts-register.cjs'))});`;
const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

interface VUHandle {
  id: number;
  worker: Worker;
  control: Int32Array;
  running: boolean;
  closeIO: () => void;
  ready: Promise<string[]>;
  idle: (() => void)[];
  called: ((m: Extract<FromVU, { type: 'called' }>) => void) | null;
}

export interface RunResult {
  summary: Summary;
  text: string;
  exitCode: number;
}

/** Loads the script, runs its scenarios, and returns the summary and the exit code. */
export async function runScript(
  args: RunArgs,
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<RunResult> {
  register(HOOKS_URL);
  const scriptUrl = pathToFileURL(resolve(args.script)).href;
  const env = { ...(process.env as Record<string, string>), ...args.env };
  const g = globalThis as Record<string, unknown>;
  g.__ENV = env;
  g.__VU = 0;
  g.__ITER = 0;
  g.open = () => '';
  // The options are read in this thread, with the API of a VU that never leaves the init context:
  // requests throw as in k6, while custom metrics and response callbacks can be declared.
  g.__k6shim = createVU({
    scriptUrl,
    hooksUrl: HOOKS_URL,
    vu: 0,
    env,
    io: null as never,
    ioSignal: new SharedArrayBuffer(4),
    control: new SharedArrayBuffer(4),
    noCookiesReset: false,
    maxRedirects: 10,
  }).modules;
  let module: Record<string, unknown>;
  try {
    module = await importModule(scriptUrl);
  } catch (err) {
    log(`ERRO the script could not be loaded: ${scriptError(err)}`);
    return { summary: summarize(new MetricStore(), [], 0), text: '', exitCode: EXIT.script };
  }
  const options = (module.options ?? {}) as K6Options;
  const plans = planScenarios(options, args.cli);
  const thresholds = parseThresholds(options.thresholds as Record<string, unknown> | undefined);
  const trendStats = options.summaryTrendStats ?? DEFAULT_TREND_STATS;
  const store = new MetricStore();
  const errors = new Map<string, number>();

  let nextId = 1;
  const vus: VUHandle[] = [];
  const spawn = (id: number): VUHandle => {
    const io = new MessageChannel();
    const ioSignal = new SharedArrayBuffer(4);
    const control = new SharedArrayBuffer(4);
    const closeIO = serveVU(io.port1, new Int32Array(ioSignal));
    const data: VUData = {
      scriptUrl,
      hooksUrl: HOOKS_URL,
      vu: id,
      env,
      io: io.port2,
      ioSignal,
      control,
      noCookiesReset: options.noCookiesReset === true,
      maxRedirects: options.maxRedirects ?? 10,
    };
    const worker = new Worker(`${TS_LOADER}\nrequire(${JSON.stringify(join(__dirname, 'vu.ts'))});`, {
      eval: true,
      workerData: data,
      transferList: [io.port2],
    });
    let readyResolve!: (e: string[]) => void;
    let readyReject!: (e: Error) => void;
    const handle: VUHandle = {
      id,
      worker,
      control: new Int32Array(control),
      running: false,
      closeIO,
      ready: new Promise((res, rej) => ((readyResolve = res), (readyReject = rej))),
      idle: [],
      called: null,
    };
    worker.on('message', (m: FromVU) => {
      if (m.type === 'samples') store.add(m.samples);
      else if (m.type === 'ready') readyResolve(m.exports);
      else if (m.type === 'init-error') readyReject(new Error(m.message));
      else if (m.type === 'called') handle.called?.(m);
      else if (m.type === 'iteration-error') {
        const n = errors.get(m.message) ?? 0;
        if (n === 0) log(`ERRO[${elapsed()}] ${m.message} (VU ${id})`);
        errors.set(m.message, n + 1);
      } else if (m.type === 'idle') {
        handle.running = false;
        handle.idle.splice(0).forEach((f) => f());
      }
    });
    worker.on('error', (err) => readyReject(err));
    return handle;
  };

  const startedAt = performance.now();
  const elapsed = () => String(Math.floor((performance.now() - startedAt) / 1000)).padStart(4, '0');
  const call = (vu: VUHandle, fn: 'setup' | 'teardown', data: unknown) =>
    new Promise<Extract<FromVU, { type: 'called' }>>((res) => {
      vu.called = res;
      vu.worker.postMessage({ type: 'call', fn, data } satisfies ToVU);
    });
  const finish = async (code: number, text: string, summary: Summary): Promise<RunResult> => {
    await Promise.all(
      vus.map(async (vu) => {
        vu.closeIO();
        await vu.worker.terminate();
      }),
    );
    return { summary, text, exitCode: code };
  };
  const emptySummary = (): Summary => summarize(store, [], 0, trendStats);

  // Every VU is initialised (the script evaluated in its thread) before the test starts, as in k6.
  const pool = new Map<string, VUHandle[]>();
  const setupVU = spawn(0);
  vus.push(setupVU);
  for (const plan of plans) {
    const list = Array.from({ length: plan.maxVUs }, () => spawn(nextId++));
    vus.push(...list);
    pool.set(plan.name, list);
  }
  let exportsOf: string[];
  try {
    exportsOf = (await Promise.all(vus.map((v) => v.ready)))[0]!;
  } catch (err) {
    log(`ERRO the script could not be loaded: ${(err as Error).message}`);
    return finish(EXIT.script, '', emptySummary());
  }
  for (const plan of plans) {
    if (!exportsOf!.includes(plan.exec)) {
      log(`ERRO scenario "${plan.name}": the script exports no function "${plan.exec}"`);
      return finish(EXIT.script, '', emptySummary());
    }
  }

  if (exportsOf!.includes('handleSummary'))
    log('WARN handleSummary() is not run by the Node runner; the default summary is printed (run with k6 for it)');
  let data: unknown = null;
  if (exportsOf!.includes('setup')) {
    const r = await call(setupVU, 'setup', null);
    if (r.error) {
      log(`ERRO setup() failed: ${r.error}`);
      return finish(EXIT.script, '', emptySummary());
    }
    data = r.result;
  }

  if (!args.quiet) {
    log(`  scenarios: ${plans.length} scenario(s), ${plans.reduce((n, p) => n + p.maxVUs, 0)} max VUs`);
    for (const p of plans) log(`           * ${p.name}: ${describe(p)}`);
  }

  const runStart = performance.now();
  const abort: { by: ThresholdResult | null } = { by: null };
  const evaluateNow = (seconds: number) =>
    thresholds.map((t: Threshold) => evaluate(t, store.stats(t.selector, seconds, [t.aggregation, ...trendStats])));
  await Promise.all(plans.map((plan) => runScenario(plan, pool.get(plan.name)!, data, store, () => abort.by !== null)));
  async function runScenario(
    plan: ScenarioPlan,
    list: VUHandle[],
    setupData: unknown,
    metrics: MetricStore,
    stopped: () => boolean,
  ) {
    await sleepMs(plan.startMs);
    const t0 = performance.now();
    const shared = plan.executor === 'shared-iterations' ? new SharedArrayBuffer(4) : null;
    const looping = plan.executor === 'constant-vus' || plan.executor === 'ramping-vus';
    const started = new Set<VUHandle>();
    const start = (vu: VUHandle) => {
      started.add(vu);
      Atomics.store(vu.control, 0, 0);
      vu.running = true;
      vu.worker.postMessage({
        type: 'run',
        scenario: plan.name,
        exec: plan.exec,
        data: setupData,
        env: plan.env,
        tags: plan.tags,
        iterations: plan.iterations,
        mode:
          plan.executor === 'per-vu-iterations'
            ? 'per-vu'
            : plan.executor === 'shared-iterations'
              ? 'shared'
              : 'duration',
        shared,
      } satisfies ToVU);
    };
    const stop = (vu: VUHandle) => Atomics.store(vu.control, 0, 1);
    let lastGauge = -1;
    let lastProgress = performance.now();
    for (;;) {
      const at = performance.now() - t0;
      const target = stopped() ? 0 : targetVUs(plan, at);
      const active = list.filter((v) => v.running && Atomics.load(v.control, 0) === 0);
      if (active.length < target) {
        // Iteration executors start each VU once: an idle VU there has done its share.
        const idle = list.filter((v) => !v.running && (looping || !started.has(v)));
        for (const vu of idle.slice(0, target - active.length)) start(vu);
      } else if (active.length > target) for (const vu of active.slice(target)) stop(vu);
      const running = list.filter((v) => v.running).length;
      if (Math.floor(at / 1000) !== lastGauge) {
        lastGauge = Math.floor(at / 1000);
        metrics.add([
          { metric: 'vus', type: 'gauge', value: running, tags: {} },
          { metric: 'vus_max', type: 'gauge', value: list.length, tags: {} },
        ]);
        // Evaluating sorts every sample: only while some threshold may abort the run.
        if (thresholds.some((t) => t.abortOnFail)) {
          const results = evaluateNow((performance.now() - runStart) / 1000);
          abort.by ??= results.find((r) => !r.ok && r.threshold.abortOnFail) ?? null;
        }
      }
      if (!args.quiet && performance.now() - lastProgress >= 5000) {
        lastProgress = performance.now();
        log(`running (${(at / 1000).toFixed(1)}s), ${running}/${list.length} VUs, scenario ${plan.name}`);
      }
      const iterationsDone = !looping && running === 0 && started.size > 0;
      if (at >= plan.durationMs || stopped() || iterationsDone) break;
      await sleepMs(Math.min(50, plan.durationMs - at));
    }
    // Time is up: running iterations may finish within gracefulStop, then they are cut off.
    for (const vu of list) stop(vu);
    const busy = list.filter((v) => v.running);
    const graceful = plan.executor === 'ramping-vus' ? plan.gracefulRampDownMs : plan.gracefulStopMs;
    const finished = Promise.all(busy.map((vu) => new Promise<void>((r) => vu.idle.push(r))));
    const timedOut = await Promise.race([finished.then(() => false), sleepMs(graceful).then(() => true)]);
    if (timedOut) {
      const cut = busy.filter((v) => v.running);
      log(`WARN scenario ${plan.name}: ${cut.length} VU(s) still iterating after the graceful stop; interrupted`);
      for (const vu of cut) {
        vu.running = false;
        vu.closeIO();
        await vu.worker.terminate();
      }
    }
  }
  const seconds = (performance.now() - runStart) / 1000;

  if (exportsOf!.includes('teardown')) {
    const r = await call(setupVU, 'teardown', data);
    if (r.error) log(`ERRO teardown() failed: ${r.error}`);
  }

  const results = evaluateNow(seconds);
  const summary = summarize(store, results, seconds, trendStats);
  let text = formatSummary(store, summary, trendStats);
  const iterations = summary.metrics.iterations?.count ?? 0;
  text += `\n\nrunning (${seconds.toFixed(1)}s), 0/${vus.length - 1} VUs, ${iterations} complete iterations`;
  if (errors.size) text += `, ${[...errors.values()].reduce((a, b) => a + b, 0)} with errors`;
  const crossed = [...new Set(results.filter((r) => !r.ok).map((r) => r.threshold.metric))];
  if (abort.by)
    text += `\nERRO thresholds on metrics '${abort.by.threshold.metric}' were crossed; the test was aborted`;
  else if (crossed.length) text += `\nERRO thresholds on metrics '${crossed.join("', '")}' have been crossed`;
  if (args.summaryExport) writeFileSync(args.summaryExport, JSON.stringify(summary, null, 2));
  return finish(crossed.length ? EXIT.thresholds : 0, text, summary);
}

function describe(p: ScenarioPlan): string {
  const s = (ms: number) => `${ms / 1000}s`;
  switch (p.executor) {
    case 'constant-vus':
      return `${p.maxVUs} looping VUs for ${s(p.durationMs)} (exec: ${p.exec}, gracefulStop: ${s(p.gracefulStopMs)})`;
    case 'ramping-vus':
      return `up to ${p.maxVUs} looping VUs for ${s(p.durationMs)} over ${p.stages.length} stages (exec: ${p.exec})`;
    case 'per-vu-iterations':
      return `${p.iterations} iterations for each of ${p.maxVUs} VUs (maxDuration: ${s(p.durationMs)})`;
    case 'shared-iterations':
      return `${p.iterations} iterations shared among ${p.maxVUs} VUs (maxDuration: ${s(p.durationMs)})`;
  }
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

if (process.argv[1] === __filename) {
  let args: RunArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(
      `${(err as Error).message}\nusage: npm run load -- <script.k6.js> [--vus N] [--duration 30s] [--base-url URL] [-e KEY=VALUE] [--summary-export file.json]`,
    );
    process.exit(EXIT.usage);
  }
  runScript(args).then(
    (r) => {
      console.log(r.text);
      process.exit(r.exitCode);
    },
    (err) => {
      console.error(err);
      process.exit(EXIT.script);
    },
  );
}
