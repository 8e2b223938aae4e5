/**
 * The end-of-test summary in k6's shape: the check tree by group, one line per metric with its
 * figures (thresholds marked ✓/✗ in front), and the THRESHOLDS section.
 */
import { type MetricStats, type MetricStore, parseSelector } from './metrics';
import type { ThresholdResult } from './thresholds';

export const DEFAULT_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'];

export interface Summary {
  seconds: number;
  metrics: Record<string, MetricStats>;
  thresholds: { metric: string; expression: string; ok: boolean; actual: number | null }[];
  checks: { group: string; name: string; passes: number; fails: number }[];
}

export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1) return `${(ms * 1000).toFixed(2)}µs`;
  if (ms < 1000) return `${ms.toFixed(2)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)}s`;
  return `${Math.floor(ms / 60_000)}m${((ms % 60_000) / 1000).toFixed(1)}s`;
}

function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** Every metric's figures, the thresholds' verdicts and the checks, over a run of `seconds`. */
export function summarize(
  store: MetricStore,
  results: ThresholdResult[],
  seconds: number,
  trendStats: readonly string[] = DEFAULT_TREND_STATS,
): Summary {
  const metrics: Record<string, MetricStats> = {};
  for (const name of store.names()) metrics[name] = store.stats({ name, tags: {} }, seconds, trendStats);
  // Sub-metrics named by thresholds (http_req_duration{name:feed}) are reported too, as k6 does.
  for (const { threshold } of results) {
    if (threshold.metric !== threshold.selector.name)
      metrics[threshold.metric] = store.stats(threshold.selector, seconds, trendStats);
  }
  const checks = new Map<string, { group: string; name: string; passes: number; fails: number }>();
  for (const { value, tags } of store.tagged('checks')) {
    const key = `${tags.group ?? ''}\u0000${tags.check}`;
    let c = checks.get(key);
    if (!c) checks.set(key, (c = { group: tags.group ?? '', name: tags.check ?? '', passes: 0, fails: 0 }));
    if (value) c.passes++;
    else c.fails++;
  }
  return {
    seconds,
    metrics,
    thresholds: results.map((r) => ({
      metric: r.threshold.metric,
      expression: r.threshold.expression,
      ok: r.ok,
      actual: r.actual ?? null,
    })),
    checks: [...checks.values()],
  };
}

function figures(store: MetricStore, name: string, stats: MetricStats, trendStats: readonly string[]): string {
  const type = store.typeOf(parseSelector(name).name);
  const time = store.isTime(parseSelector(name).name);
  const bytes = name.startsWith('data_');
  switch (type) {
    case 'counter':
      return bytes
        ? `${formatBytes(stats.count!).padEnd(8)} ${formatBytes(stats.rate!)}/s`
        : `${String(stats.count).padEnd(8)} ${stats.rate!.toFixed(2)}/s`;
    case 'rate':
      return `${percent(stats.rate!).padEnd(8)} ✓ ${String(stats.passes).padEnd(8)} ✗ ${stats.fails}`;
    case 'gauge':
      return `${String(stats.value).padEnd(8)} min=${stats.min} max=${stats.max}`;
    case 'trend':
      return trendStats
        .map((s) => `${s}=${time ? formatDuration(stats[s] ?? 0) : (stats[s] ?? 0).toFixed(2)}`)
        .join(' ');
    case undefined:
      return '(no samples)';
  }
}

function actualText(store: MetricStore, metric: string, aggregation: string, actual: number | null): string {
  if (actual === null) return 'no samples';
  const name = parseSelector(metric).name;
  if (aggregation === 'rate') return `${aggregation}=${percent(actual)}`;
  if (store.isTime(name) && aggregation !== 'count') return `${aggregation}=${formatDuration(actual)}`;
  return `${aggregation}=${Number.isInteger(actual) ? actual : actual.toFixed(2)}`;
}

/** The text k6 prints at the end of a run. */
export function formatSummary(
  store: MetricStore,
  summary: Summary,
  trendStats: readonly string[] = DEFAULT_TREND_STATS,
): string {
  const lines: string[] = [];
  let lastGroup: string | null = null;
  // Groups in the order their first check ran (setup first), as k6 prints them.
  const firstSeen = new Map<string, number>();
  summary.checks.forEach((c, i) => firstSeen.has(c.group) || firstSeen.set(c.group, i));
  const byGroup = [...summary.checks].sort((a, b) => firstSeen.get(a.group)! - firstSeen.get(b.group)!);
  for (const c of byGroup) {
    const depth = c.group ? c.group.split('::').length - 1 : 0;
    const indent = '     ' + '  '.repeat(depth);
    if (c.group !== lastGroup) {
      if (c.group) lines.push('', `${'     ' + '  '.repeat(depth - 1)}█ ${c.group.split('::').at(-1)}`);
      lines.push('');
      lastGroup = c.group;
    }
    if (c.fails === 0) lines.push(`${indent}✓ ${c.name}`);
    else {
      const total = c.passes + c.fails;
      lines.push(
        `${indent}✗ ${c.name}`,
        `${indent} ↳  ${Math.floor((100 * c.passes) / total)}% — ✓ ${c.passes} / ✗ ${c.fails}`,
      );
    }
  }
  lines.push('');
  const verdict = new Map<string, boolean>();
  for (const t of summary.thresholds) verdict.set(t.metric, (verdict.get(t.metric) ?? true) && t.ok);
  const names = Object.keys(summary.metrics).sort();
  const width = Math.max(30, ...names.map((n) => n.length + 2));
  for (const name of names) {
    const mark = verdict.has(name) ? (verdict.get(name) ? '✓' : '✗') : ' ';
    lines.push(
      `   ${mark} ${`${name}`.padEnd(width, '.')}: ${figures(store, name, summary.metrics[name]!, trendStats)}`,
    );
  }
  if (summary.thresholds.length) {
    lines.push('', '  █ THRESHOLDS', '');
    let last = '';
    for (const t of summary.thresholds) {
      if (t.metric !== last) lines.push(`    ${t.metric}`);
      last = t.metric;
      const aggregation = /^\s*([a-z]+(?:\([\d.]+\))?)/.exec(t.expression)?.[1] ?? '';
      lines.push(`    ${t.ok ? '✓' : '✗'} '${t.expression}' ${actualText(store, t.metric, aggregation, t.actual)}`);
    }
  }
  return lines.join('\n');
}
