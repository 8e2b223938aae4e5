/**
 * k6 thresholds: `{ http_req_duration: ['p(95)<200', { threshold: 'p(99)<500', abortOnFail: true }] }`.
 * Each expression is an aggregation of the metric (avg, min, med, max, p(N), count, rate, value),
 * an operator and a number.
 */
import { type MetricSelector, type MetricStats, parseSelector } from './metrics';

export interface Threshold {
  /** The key as written in options, e.g. `http_req_duration{name:feed}`. */
  metric: string;
  selector: MetricSelector;
  expression: string;
  aggregation: string;
  operator: '<' | '<=' | '>' | '>=' | '==' | '===' | '!=';
  value: number;
  abortOnFail: boolean;
}

export interface ThresholdResult {
  threshold: Threshold;
  ok: boolean;
  /** The aggregated figure compared (undefined when the metric has no samples). */
  actual: number | undefined;
}

const EXPRESSION =
  /^\s*(avg|min|med|max|count|rate|value|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/;

export function parseThresholds(raw: Record<string, unknown> | undefined): Threshold[] {
  const out: Threshold[] = [];
  for (const [metric, list] of Object.entries(raw ?? {})) {
    const selector = parseSelector(metric);
    for (const entry of Array.isArray(list) ? list : [list]) {
      const expression = typeof entry === 'string' ? entry : (entry as { threshold?: unknown } | null)?.threshold;
      if (typeof expression !== 'string') throw new Error(`threshold of ${metric} must be a string or { threshold }`);
      const m = EXPRESSION.exec(expression);
      if (!m) throw new Error(`threshold "${expression}" of ${metric} is not "<aggregation> <op> <number>"`);
      out.push({
        metric,
        selector,
        expression,
        aggregation: m[1]!,
        operator: m[2] as Threshold['operator'],
        value: Number(m[3]),
        abortOnFail: typeof entry === 'object' && !!(entry as { abortOnFail?: boolean }).abortOnFail,
      });
    }
  }
  return out;
}

const compare: Record<Threshold['operator'], (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** A threshold against its metric's figures; `count` of a trend is its number of samples. */
export function evaluate(threshold: Threshold, stats: MetricStats): ThresholdResult {
  const actual = stats[threshold.aggregation];
  return { threshold, actual, ok: actual !== undefined && compare[threshold.operator](actual, threshold.value) };
}
