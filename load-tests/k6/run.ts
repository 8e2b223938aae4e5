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
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { HOOKS_URL } from './loader';
import { MetricStore, type Sample } from './metrics';
import { type CliOverrides, type K6Options, parseDuration, planScenarios, type ScenarioPlan } from './options';
import { runScenario } from './scheduler';
import { DEFAULT_TREND_STATS, formatSummary, summarize, type Summary } from './summary';
import { evaluate, parseThresholds, type Threshold, type ThresholdResult } from './thresholds';
import { createVU, scriptError } from './vu';
import { VUHandle } from './vu-handle';

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

const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

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

  const settings = {
    scriptUrl,
    env,
    noCookiesReset: options.noCookiesReset === true,
    maxRedirects: options.maxRedirects ?? 10,
  };
  const startedAt = performance.now();
  const sinks = {
    samples: (samples: Sample[]) => store.add(samples),
    iterationError(message: string, vu: number) {
      const n = errors.get(message) ?? 0;
      if (n === 0)
        log(
          `ERRO[${String(Math.floor((performance.now() - startedAt) / 1000)).padStart(4, '0')}] ${message} (VU ${vu})`,
        );
      errors.set(message, n + 1);
    },
  };
  const emptySummary = (): Summary => summarize(store, [], 0, trendStats);
  // Every VU is initialised (the script evaluated in its thread) before the test starts, as in k6;
  // VU 0 runs setup() and teardown().
  let nextId = 1;
  const setupVU = new VUHandle(0, settings, sinks);
  const pool = plans.map((plan) => Array.from({ length: plan.maxVUs }, () => new VUHandle(nextId++, settings, sinks)));
  const vus = [setupVU, ...pool.flat()];
  const finish = async (exitCode: number, text: string, summary: Summary): Promise<RunResult> => {
    await Promise.all(vus.map((vu) => vu.terminate()));
    return { summary, text, exitCode };
  };
  let exportsOf: string[];
  try {
    exportsOf = (await Promise.all(vus.map((v) => v.ready)))[0]!;
  } catch (err) {
    log(`ERRO the script could not be loaded: ${(err as Error).message}`);
    return finish(EXIT.script, '', emptySummary());
  }
  for (const plan of plans) {
    if (!exportsOf.includes(plan.exec)) {
      log(`ERRO scenario "${plan.name}": the script exports no function "${plan.exec}"`);
      return finish(EXIT.script, '', emptySummary());
    }
  }

  if (exportsOf.includes('handleSummary'))
    log('WARN handleSummary() is not run by the Node runner; the default summary is printed (run with k6 for it)');
  let data: unknown = null;
  if (exportsOf.includes('setup')) {
    const r = await setupVU.call('setup', null);
    if (r.error) {
      log(`ERRO setup() failed: ${r.error}`);
      return finish(EXIT.script, '', emptySummary());
    }
    data = r.result;
  }

  if (!args.quiet) {
    log(`  scenarios: ${plans.length} scenario(s), ${pool.flat().length} max VUs`);
    for (const p of plans) log(`           * ${p.name}: ${describe(p)}`);
  }

  const runStart = performance.now();
  let aborted: ThresholdResult | null = null;
  const evaluateNow = (seconds: number) =>
    thresholds.map((t: Threshold) => evaluate(t, store.stats(t.selector, seconds, [t.aggregation, ...trendStats])));
  // Once a second: the vus gauges, a progress line now and then, and thresholds that may abort the run.
  let sampled = false;
  const sampleVUs = () => {
    sampled = true;
    const running = pool.flat().filter((v) => v.running).length;
    store.add([
      { metric: 'vus', type: 'gauge', value: running, tags: {} },
      { metric: 'vus_max', type: 'gauge', value: vus.length - 1, tags: {} },
    ]);
    const at = (performance.now() - runStart) / 1000;
    if (!args.quiet && Math.round(at) % 5 === 0 && at >= 1)
      log(`running (${at.toFixed(1)}s), ${running}/${vus.length - 1} VUs`);
    // Evaluating sorts every sample: only while some threshold may abort the run.
    if (thresholds.some((t) => t.abortOnFail))
      aborted ??= evaluateNow(at).find((r) => !r.ok && r.threshold.abortOnFail) ?? null;
  };
  // The first sample once the scenarios have started their VUs, then one a second (as k6 samples).
  const ticker = setInterval(sampleVUs, 1000);
  const first = setTimeout(sampleVUs, 100);
  // A VU that runs for less than the second between samples (the last of a ramp on a loaded machine)
  // is still counted by the gauge.
  const vuStarted = () =>
    store.add([{ metric: 'vus', type: 'gauge', value: pool.flat().filter((v) => v.running).length, tags: {} }]);
  const ctx = { data, aborted: () => aborted !== null, log, vuStarted };
  try {
    await Promise.all(plans.map((plan, i) => runScenario(plan, pool[i]!, ctx)));
  } finally {
    clearInterval(ticker);
    clearTimeout(first);
  }
  if (!sampled) sampleVUs();
  const seconds = (performance.now() - runStart) / 1000;

  if (exportsOf!.includes('teardown')) {
    const r = await setupVU.call('teardown', data);
    if (r.error) log(`ERRO teardown() failed: ${r.error}`);
  }

  const results = evaluateNow(seconds);
  const summary = summarize(store, results, seconds, trendStats);
  let text = formatSummary(store, summary, trendStats);
  const iterations = summary.metrics.iterations?.count ?? 0;
  text += `\n\nrunning (${seconds.toFixed(1)}s), 0/${vus.length - 1} VUs, ${iterations} complete iterations`;
  if (errors.size) text += `, ${[...errors.values()].reduce((a, b) => a + b, 0)} with errors`;
  const crossed = [...new Set(results.filter((r) => !r.ok).map((r) => r.threshold.metric))];
  const abortedBy = aborted as ThresholdResult | null;
  if (abortedBy)
    text += `\nERRO thresholds on metrics '${abortedBy.threshold.metric}' were crossed; the test was aborted`;
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
