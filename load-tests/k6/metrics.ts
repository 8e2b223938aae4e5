/**
 * The samples a run collects and the figures k6 reports of them: counters (count, rate), rates
 * (share of non-zero samples), trends (avg, min, med, max, p(N)) and gauges (last, min, max). A
 * metric name may carry a tag filter, `http_req_duration{name:feed}`, as in k6 thresholds.
 */

export type MetricType = 'counter' | 'rate' | 'trend' | 'gauge';

export interface Sample {
  metric: string;
  type: MetricType;
  value: number;
  tags: Record<string, string>;
  /** A custom Trend made with isTime: printed as a duration. */
  time?: boolean;
}

export type MetricStats = Record<string, number>;

/** The metrics k6 itself emits, and whether a trend holds times (printed in ms/s). */
export const BUILTIN: Record<string, { type: MetricType; time?: boolean }> = {
  http_reqs: { type: 'counter' },
  http_req_duration: { type: 'trend', time: true },
  http_req_waiting: { type: 'trend', time: true },
  http_req_failed: { type: 'rate' },
  data_received: { type: 'counter' },
  data_sent: { type: 'counter' },
  iterations: { type: 'counter' },
  iteration_duration: { type: 'trend', time: true },
  group_duration: { type: 'trend', time: true },
  checks: { type: 'rate' },
  vus: { type: 'gauge' },
  vus_max: { type: 'gauge' },
};

export interface MetricSelector {
  name: string;
  tags: Record<string, string>;
}

/** `http_req_duration{name:feed,method:GET}` -> name and tags. */
export function parseSelector(text: string): MetricSelector {
  const m = /^([A-Za-z_][\w.-]*)(?:\{(.*)\})?$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a metric name`);
  const tags: Record<string, string> = {};
  for (const pair of (m[2] ?? '').split(',').filter((p) => p.trim())) {
    const at = pair.indexOf(':');
    if (at < 0) throw new Error(`"${text}": tag filter "${pair}" needs name:value`);
    tags[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return { name: m[1]!, tags };
}

const matches = (tags: Record<string, string>, filter: Record<string, string>) =>
  Object.entries(filter).every(([k, v]) => tags[k] === v);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  // Linear interpolation between closest ranks, as k6 computes trend percentiles.
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export class MetricStore {
  private readonly samples = new Map<string, { type: MetricType; values: number[]; tags: Record<string, string>[] }>();
  private readonly times = new Set(Object.keys(BUILTIN).filter((name) => BUILTIN[name]!.time));

  add(samples: readonly Sample[]): void {
    for (const s of samples) {
      if (s.time) this.times.add(s.metric);
      let m = this.samples.get(s.metric);
      if (!m) this.samples.set(s.metric, (m = { type: s.type, values: [], tags: [] }));
      m.values.push(s.value);
      m.tags.push(s.tags);
    }
  }

  names(): string[] {
    return [...this.samples.keys()].sort();
  }

  isTime(name: string): boolean {
    return this.times.has(name);
  }

  typeOf(name: string): MetricType | undefined {
    return this.samples.get(name)?.type ?? BUILTIN[name]?.type;
  }

  /** Sample values of a metric, optionally only those whose tags match. */
  values(selector: MetricSelector): number[] {
    const m = this.samples.get(selector.name);
    if (!m) return [];
    if (Object.keys(selector.tags).length === 0) return m.values;
    return m.values.filter((_, i) => matches(m.tags[i]!, selector.tags));
  }

  /** Every sample of a metric with its tags (the check tree of the summary reads checks this way). */
  tagged(name: string): { value: number; tags: Record<string, string> }[] {
    const m = this.samples.get(name);
    return m ? m.values.map((value, i) => ({ value, tags: m.tags[i]! })) : [];
  }

  /** The figures of a metric over a run of `seconds`; `trendStats` adds percentiles such as p(99.9). */
  stats(selector: MetricSelector, seconds: number, trendStats: readonly string[] = []): MetricStats {
    const type = this.typeOf(selector.name);
    const values = this.values(selector);
    switch (type) {
      case 'counter': {
        const count = values.reduce((a, b) => a + b, 0);
        return { count, rate: seconds > 0 ? count / seconds : 0 };
      }
      case 'rate': {
        const passes = values.filter((v) => v !== 0).length;
        return { rate: values.length ? passes / values.length : 0, passes, fails: values.length - passes };
      }
      case 'gauge':
        return values.length
          ? { value: values.at(-1)!, min: Math.min(...values), max: Math.max(...values) }
          : { value: 0, min: 0, max: 0 };
      case 'trend': {
        const sorted = [...values].sort((a, b) => a - b);
        const stats: MetricStats = {
          avg: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : 0,
          min: sorted[0] ?? 0,
          med: percentile(sorted, 50),
          max: sorted.at(-1) ?? 0,
          count: sorted.length,
        };
        for (const stat of trendStats) {
          const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(stat);
          if (p) stats[stat] = percentile(sorted, Number(p[1]));
        }
        return stats;
      }
      case undefined:
        return {};
    }
  }
}
