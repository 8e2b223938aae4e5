import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { Role } from '../config';

/** Seconds buckets for requests and appends: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | null = null;

/**
 * CPU, memory, event loop, GC and handles (`dc_process_*`, `dc_nodejs_*`): one set per process,
 * since their collectors (a GC observer, an event-loop histogram) live as long as the process does.
 * Labelled with the role of the first runtime the process starts: in production, its only one.
 */
function processMetrics(role: Role): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    processRegistry.setDefaultLabels({ role });
    // The event-loop delay is sampled once a second, not every 10 ms (prom-client's default): a timer
    // firing 100 times a second cost an idle process 0.4 % of a core by itself (bench:idle).
    collectDefaultMetrics({ register: processRegistry, prefix: 'dc_', eventLoopMonitoringPrecision: 1000 });
  }
  return processRegistry;
}

/** One labelled value of a gauge read when Prometheus scrapes. */
export interface GaugeReading {
  labels: Record<string, string>;
  value: number;
}

/**
 * The process's Prometheus metrics (`GET /metrics`): a registry of its own per runtime (tests run
 * several in one process), every series labelled with the process role. Labels carry route
 * patterns, projector and job names only: nothing about members.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly appendDuration: Histogram<'operation'>;

  constructor(readonly role: Role) {
    this.registry.setDefaultLabels({ role });
    processMetrics(role);
    this.httpRequests = new Counter({
      name: 'dc_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.httpDuration = new Histogram({
      name: 'dc_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.appendDuration = new Histogram({
      name: 'dc_eventstore_append_duration_seconds',
      help: 'Event-store appends (one stream, or several in one transaction), commit included',
      labelNames: ['operation'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
  }

  /** A gauge whose values are read at scrape time; a failed read leaves the series out and says why. */
  gauge(name: string, help: string, labelNames: string[], read: () => Promise<GaugeReading[]> | GaugeReading[]): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const r of await read()) this.set(r.labels, r.value);
      },
    });
  }

  /** The Prometheus text exposition of every metric, the process's included. */
  async text(): Promise<string> {
    return `${await processMetrics(this.role).metrics()}\n${await this.registry.metrics()}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
