/**
 * k6's `options` turned into scenario plans the runner schedules: the shortcuts (vus/duration,
 * stages, iterations) become the scenario k6 would make of them, and the CLI's --vus/--duration
 * replace the scenarios as `k6 run --vus --duration` does.
 */

export type Executor = 'constant-vus' | 'ramping-vus' | 'per-vu-iterations' | 'shared-iterations';

export interface StagePlan {
  durationMs: number;
  target: number;
}

export interface ScenarioPlan {
  name: string;
  executor: Executor;
  /** The exported function each iteration calls. */
  exec: string;
  startMs: number;
  /** The most VUs the scenario ever runs (how many it is given). */
  maxVUs: number;
  /** constant-vus: how long; iterations executors: maxDuration. */
  durationMs: number;
  startVUs: number;
  stages: StagePlan[];
  /** per-vu-iterations: per VU; shared-iterations: in all. */
  iterations: number;
  gracefulStopMs: number;
  gracefulRampDownMs: number;
  env: Record<string, string>;
  tags: Record<string, string>;
}

export interface K6Options {
  vus?: number;
  duration?: string | number;
  iterations?: number;
  stages?: { duration: string | number; target: number }[];
  scenarios?: Record<string, Record<string, unknown>>;
  thresholds?: Record<string, unknown>;
  noCookiesReset?: boolean;
  maxRedirects?: number;
  summaryTrendStats?: string[];
  [key: string]: unknown;
}

export interface CliOverrides {
  vus?: number;
  duration?: string;
}

export class OptionsError extends Error {}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "1m30s", "500ms", "2h", "10s"; a bare number is milliseconds, as in k6. */
export function parseDuration(value: string | number | undefined, what = 'duration'): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value !== 'string' || value.trim() === '') throw new OptionsError(`${what} must be a duration like "30s"`);
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) {
    throw new OptionsError(`${what} "${value}" is not a duration (use e.g. 500ms, 30s, 1m30s, 2h)`);
  }
  return parts.reduce((ms, p) => ms + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
}

const positiveInt = (value: unknown, what: string, fallback: number): number => {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new OptionsError(`${what} must be a whole number`);
  return value;
};

const stringMap = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
    : {};

function stagesOf(value: unknown, what: string): StagePlan[] {
  if (!Array.isArray(value) || value.length === 0) throw new OptionsError(`${what} needs at least one stage`);
  return value.map((s: { duration?: string | number; target?: number }, i) => ({
    durationMs: parseDuration(s.duration, `${what}[${i}].duration`),
    target: positiveInt(s.target, `${what}[${i}].target`, 0),
  }));
}

function scenarioPlan(name: string, raw: Record<string, unknown>): ScenarioPlan {
  const executor = raw.executor as Executor;
  const base = {
    name,
    executor,
    exec: typeof raw.exec === 'string' ? raw.exec : 'default',
    startMs: raw.startTime === undefined ? 0 : parseDuration(raw.startTime as string, `${name}.startTime`),
    gracefulStopMs: raw.gracefulStop === undefined ? 30_000 : parseDuration(raw.gracefulStop as string),
    gracefulRampDownMs: raw.gracefulRampDown === undefined ? 30_000 : parseDuration(raw.gracefulRampDown as string),
    env: stringMap(raw.env),
    tags: stringMap(raw.tags),
    startVUs: 0,
    stages: [] as StagePlan[],
    iterations: 0,
  };
  switch (executor) {
    case 'constant-vus': {
      const vus = positiveInt(raw.vus, `${name}.vus`, 1);
      return {
        ...base,
        maxVUs: vus,
        startVUs: vus,
        durationMs: parseDuration(raw.duration as string, `${name}.duration`),
      };
    }
    case 'ramping-vus': {
      const stages = stagesOf(raw.stages, `${name}.stages`);
      const startVUs = positiveInt(raw.startVUs, `${name}.startVUs`, 1);
      return {
        ...base,
        startVUs,
        stages,
        maxVUs: Math.max(startVUs, ...stages.map((s) => s.target)),
        durationMs: stages.reduce((ms, s) => ms + s.durationMs, 0),
      };
    }
    case 'per-vu-iterations':
    case 'shared-iterations': {
      const vus = positiveInt(raw.vus, `${name}.vus`, 1);
      return {
        ...base,
        maxVUs: vus,
        startVUs: vus,
        iterations: positiveInt(raw.iterations, `${name}.iterations`, 1),
        durationMs: raw.maxDuration === undefined ? 600_000 : parseDuration(raw.maxDuration as string),
      };
    }
    default:
      throw new OptionsError(
        `scenario "${name}": executor "${String(raw.executor)}" is not supported by the Node runner (constant-vus, ramping-vus, per-vu-iterations, shared-iterations); run it with k6`,
      );
  }
}

/** The scenarios a run executes, as k6 derives them from options and the command line. */
export function planScenarios(options: K6Options, cli: CliOverrides = {}): ScenarioPlan[] {
  if (cli.duration !== undefined || (cli.vus !== undefined && !options.scenarios && !options.stages)) {
    const duration = cli.duration ?? options.duration;
    const vus = cli.vus ?? options.vus ?? 1;
    if (duration === undefined)
      return [scenarioPlan('default', { executor: 'shared-iterations', vus, iterations: options.iterations ?? vus })];
    return [scenarioPlan('default', { executor: 'constant-vus', vus, duration })];
  }
  if (options.scenarios && Object.keys(options.scenarios).length > 0) {
    return Object.entries(options.scenarios).map(([name, raw]) => scenarioPlan(name, raw));
  }
  if (options.stages) {
    return [scenarioPlan('default', { executor: 'ramping-vus', startVUs: options.vus ?? 1, stages: options.stages })];
  }
  if (options.duration !== undefined) {
    return [scenarioPlan('default', { executor: 'constant-vus', vus: options.vus ?? 1, duration: options.duration })];
  }
  const vus = options.vus ?? 1;
  return [scenarioPlan('default', { executor: 'shared-iterations', vus, iterations: options.iterations ?? 1 })];
}

/**
 * How many VUs a scenario wants running `elapsedMs` after its start. Ramps move linearly from the
 * previous target; going up rounds down and going down rounds up, so a ramp never overshoots.
 */
export function targetVUs(plan: ScenarioPlan, elapsedMs: number): number {
  if (elapsedMs < 0) return 0;
  if (plan.executor !== 'ramping-vus') return elapsedMs < plan.durationMs ? plan.maxVUs : 0;
  let from = plan.startVUs;
  let at = 0;
  for (const stage of plan.stages) {
    if (elapsedMs < at + stage.durationMs) {
      const exact = from + ((stage.target - from) * (elapsedMs - at)) / stage.durationMs;
      return stage.target >= from ? Math.floor(exact) : Math.ceil(exact);
    }
    at += stage.durationMs;
    from = stage.target;
  }
  return 0;
}
