import { MAIL_SEND_JOB } from '../../modules/mail';
import { MEDIA_PROCESS_JOB } from '../../modules/media';
import { PUSH_SEND_JOB } from '../../modules/push';
import type { RealtimeServer } from '../../modules/realtime';
import { ProjectionLagMeter, type ProjectionRunner, type Projector, readModelCacheReads } from '../../projections';
import type { AppConfig, Role } from '../platform/config';
import { witnessAppends } from '../platform/event-store/append-witness';
import { AppMetrics, type OpsDeps, timeAppends } from '../platform/metrics';
import type { Platform } from '../platform/platform';
import { PROJECTION_STATE_COLLECTION } from '../platform/read-models';

/** Events counted per projector and scrape at most: reading the log is what lag costs. */
const LAG_COUNT_CAP = 10_000;

/** Every job name a worker runs: their queues' depth is reported by every process. */
const JOB_NAMES = [MAIL_SEND_JOB, MEDIA_PROCESS_JOB, PUSH_SEND_JOB] as const;

/** The process's metrics, with the event store's appends timed from here on. */
export function instrumentPlatform(platform: Platform, role: Role): { platform: Platform; metrics: AppMetrics } {
  const metrics = new AppMetrics(role);
  // Appends are timed, and witnessed for the request that made them (ErrorFilter: no 5xx after an append).
  return { platform: { ...platform, eventStore: witnessAppends(timeAppends(platform.eventStore, metrics)) }, metrics };
}

/**
 * What /metrics reports beyond requests and appends (projection lag, queue depth, failed jobs,
 * connected sockets), read at scrape time, and what /api/ready weighs.
 */
export function opsOf(deps: {
  config: AppConfig;
  platform: Platform;
  metrics: AppMetrics;
  projectors: readonly Projector[];
  runner: ProjectionRunner | null;
  realtime: () => RealtimeServer | null;
}): OpsDeps {
  const { platform, metrics } = deps;
  const lag = new ProjectionLagMeter({
    eventStore: platform.eventStore,
    readStore: platform.readStore,
    projectors: deps.projectors,
    runner: deps.runner,
    cap: LAG_COUNT_CAP,
  });
  metrics.gauge(
    'dc_projection_lag_events',
    'Events in the log after the projector checkpoint (counting stops at 10,000)',
    ['projector'],
    async () => (await lag.measure()).map((l) => ({ labels: { projector: l.projector }, value: l.events })),
  );
  metrics.gauge(
    'dc_projection_lag_seconds',
    'Age of the oldest event the projector has not applied yet (0 when caught up)',
    ['projector'],
    async () => (await lag.measure()).map((l) => ({ labels: { projector: l.projector }, value: l.seconds })),
  );
  metrics.gauge('dc_job_queue_depth', 'Jobs waiting, running or delayed, by job name', ['job', 'state'], async () =>
    (await platform.jobQueue.depth(JOB_NAMES)).flatMap((d) =>
      (['waiting', 'active', 'delayed'] as const).map((state) => ({ labels: { job: d.name, state }, value: d[state] })),
    ),
  );
  metrics.gauge(
    'dc_jobs_failed',
    'Jobs failed for good and still held (BullMQ keeps them a day; in-process: since start)',
    ['job'],
    async () => (await platform.jobQueue.depth(JOB_NAMES)).map((d) => ({ labels: { job: d.name }, value: d.failed })),
  );
  metrics.gauge(
    'dc_read_model_reads',
    'Read-model reads since start, by what answered them: memory (cache), store (a cache miss), uncached (no cache could be trusted)',
    ['answered_from'],
    () => Object.entries(readModelCacheReads).map(([from, value]) => ({ labels: { answered_from: from }, value })),
  );
  metrics.gauge('dc_realtime_connected_sockets', 'Sockets connected to this process', [], () => {
    const realtime = deps.realtime();
    return realtime ? [{ labels: {}, value: realtime.io.of('/').sockets.size }] : [];
  });
  return {
    metrics,
    readiness: {
      probes: {
        eventStore: () => platform.eventStore.headCheckpoint(),
        readStore: () => platform.readStore.collection(PROJECTION_STATE_COLLECTION).count(),
      },
      lag: () => lag.measure(),
      maxLagEvents: deps.config.metrics.readyMaxLagEvents,
    },
  };
}
