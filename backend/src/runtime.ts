import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startWorkers } from '@workers/index';

import { NotificationWebPushes, teeSink } from '../modules/push/notification-pushes';
import { attachRealtime, detachedPushSink, type RealtimeServer } from '../modules/realtime';
import {
  buildProjectors,
  ChangePublisher,
  ensureBookkeeping,
  ProjectionRunner,
  ReadModelFollower,
  RunnerProgress,
  RunnerProjectionsConsole,
  RunnerReadModels,
} from '../projections';
import { createHttpApp } from './app/http-app';
import { instrumentPlatform, opsOf } from './app/ops';
import { type AppConfig, ConfigError, type Role } from './platform/config';
import { SqlEventStore } from './platform/event-store/sql.event-store';
import { loadServerSecret } from './platform/http/security/load-server-secret';
import type { ServerSecret } from './platform/http/security/server-secret';
import type { Logger } from './platform/logging';
import { canProcessVideo, describeMediaTools, type MediaTools, resolveMediaTools } from './platform/media-tools';
import { type AppMetrics, startMetricsServer } from './platform/metrics';
import { openPlatform, type Platform } from './platform/platform';
import { PersonalDataVault } from './platform/privacy/personal-data-vault';
import { PushOutbox } from './platform/push';
import { openRateLimiter } from './platform/rate-limit/open-rate-limiter';
import type { RateLimiter } from './platform/rate-limit/rate-limiter.port';
import {
  openReadModelChanges,
  type ProjectionProgress,
  type ReadModelChanges,
  type ReadModels,
} from './platform/read-models';
import { withBatchedReads } from './platform/read-store/batched-reads';
import { seedDemoCommunity } from './seed/seed';

export interface Runtime {
  role: Role;
  platform: Platform;
  http: NestFastifyApplication | null;
  runner: ProjectionRunner | null;
  readModels: ReadModels;
  progress: ProjectionProgress;
  vault: PersonalDataVault;
  secret: ServerSecret;
  rateLimiter: RateLimiter;
  /** socket.io on the HTTP server (role api/all), else null. */
  realtime: RealtimeServer | null;
  /** What GET /metrics reports for this process. */
  metrics: AppMetrics;
  /** Drains HTTP, stops projections after their batch, lets jobs finish, closes the stores. */
  shutdown(): Promise<void>;
}

/** Rejects profiles that cannot work, naming the variable to set. */
export function assertRoleFits(config: AppConfig, role: Role): void {
  if (role === 'all') return;
  const shared = config.database || (config.eventStoreUrl && config.mongodbUrl);
  if (!shared) {
    throw new ConfigError([
      {
        variable: 'DATABASE_URL',
        message: `is required when ROLE=${role}: the embedded database cannot be shared between processes`,
      },
    ]);
  }
  if ((role === 'api' || role === 'workers') && !config.redisUrl) {
    throw new ConfigError([
      { variable: 'REDIS_URL', message: `is required when ROLE=${role}: jobs cross processes through Redis` },
    ]);
  }
  if (role === 'projections' && !config.redisUrl) {
    throw new ConfigError([
      {
        variable: 'REDIS_URL',
        message: 'is required when ROLE=projections: the read models’ changes reach API processes through Redis',
      },
    ]);
  }
}

const chosenTools = new Map<string, Promise<MediaTools>>();

/**
 * The ffmpeg and ffprobe every part of this process uses (workers, the placeholder clip, the upload
 * refusal, health), chosen once per configured pair and logged. A config that already carries the
 * choice (a test run probes once for all its apps) keeps it.
 */
async function withMediaTools(config: AppConfig, logger: Logger): Promise<AppConfig> {
  const key = `${config.ffmpeg.ffmpegPath}\0${config.ffmpeg.ffprobePath}`;
  let pending = config.ffmpeg.tools ? Promise.resolve(config.ffmpeg.tools) : chosenTools.get(key);
  if (!pending) {
    pending = resolveMediaTools(config.ffmpeg);
    chosenTools.set(key, pending);
  }
  const tools = await pending;
  const line = describeMediaTools(tools);
  if (canProcessVideo(tools)) logger.info({ component: 'media' }, line);
  else logger.warn({ component: 'media' }, line);
  return {
    ...config,
    ffmpeg: {
      ffmpegPath: tools.ffmpeg?.path ?? config.ffmpeg.ffmpegPath,
      ffprobePath: tools.ffprobe?.path ?? config.ffmpeg.ffprobePath,
      tools,
    },
  };
}

/** Starts the parts of the app this process runs: api, projections, workers, or all of them. */
export async function startRuntime(config: AppConfig, logger: Logger, role: Role = config.role): Promise<Runtime> {
  assertRoleFits(config, role);
  config = await withMediaTools(config, logger);
  const { platform, metrics } = instrumentPlatform(await openPlatform(config, logger), role);
  const runs = (part: Role) => role === 'all' || role === part;
  let runner: ProjectionRunner | null = null;
  let http: NestFastifyApplication | null = null;
  let rateLimiter: RateLimiter | null = null;
  let realtime: RealtimeServer | null = null;
  let workers: INestApplicationContext | null = null;
  let closePushes: () => Promise<void> = async () => undefined;
  let metricsServer: { close(): Promise<unknown> } | null = null;
  let closeConsole: () => Promise<void> = async () => undefined;
  let changes: ReadModelChanges | null = null;
  let publisher: ChangePublisher | null = null;
  let follower: ReadModelFollower | null = null;
  try {
    // Cold start (issue 20): the connections are opened before the first requests, not by them.
    if (config.env === 'production')
      await platform.warm().catch((err) => logger.warn({ err }, 'could not pre-open database connections'));
    await ensureBookkeeping(platform.readStore);
    const secret = await loadServerSecret(config, platform.readStore);
    rateLimiter = await openRateLimiter(config, logger);
    const vault = new PersonalDataVault(platform.readStore);
    await vault.init();
    // Pushes staged by projectors leave once their batch has committed (see PushOutbox).
    const outbox = new PushOutbox();
    const projectors = buildProjectors({ vault, outbox });
    // The read models' changes go from the process that projects them to every API process's cache.
    changes = await openReadModelChanges(config, logger);
    if (runs('api')) {
      follower = new ReadModelFollower(changes);
      await follower.start();
    }
    if (runs('projections')) {
      runner = new ProjectionRunner({
        eventStore: platform.eventStore,
        readStore: platform.readStore,
        projectors,
        logger: logger.child({ component: 'projections' }),
        batchSize: config.projections.batchSize,
        leaseTtlMs: config.projections.leaseTtlMs,
      });
      // Pushes leave once the batch's changes are out: a pushed client may read from any API process.
      publisher = new ChangePublisher(changes, runner, logger.child({ component: 'read-models' }));
      publisher.events.on('published', (name: string, checkpoint: string) => outbox.committed(name, checkpoint));
      await runner.start();
      // Appends wake other processes only while some projector is followed elsewhere (or nowhere yet).
      const local = runner;
      if (platform.eventStore instanceof SqlEventStore)
        platform.eventStore.notifyOthersWhile(() => !local.followsAll());
    }
    if (runs('workers')) {
      workers = await startWorkers({ config, logger, platform });
    }
    // Reads of one turn (a page's reactions, votes, authors, media; concurrent requests) share statements.
    // READ_MODEL_CACHE=off: every read goes to the store (the runner's and the follower's caches unused).
    const cache = config.projections.readModelCache;
    const readModels = new RunnerReadModels(
      withBatchedReads(platform.readStore),
      projectors,
      1000,
      cache ? runner : null,
      cache ? follower : null,
    );
    const progress = new RunnerProgress(platform.readStore, runner, 25, projectors, follower);
    const projectionsConsole = new RunnerProjectionsConsole({
      eventStore: platform.eventStore,
      readStore: platform.readStore,
      readModels,
      projectors,
      logger,
    });
    closeConsole = () => projectionsConsole.close();
    const ops = opsOf({ config, platform, metrics, projectors, runner, realtime: () => realtime });
    if (runs('api'))
      http = await createHttpApp(
        { config, logger, platform, readModels, progress, vault, secret, rateLimiter, projectionsConsole },
        ops,
      );
    if (config.metrics.port) metricsServer = await startMetricsServer(ops, config.metrics.port, config.http.host);
    // Web Push rides on the notifications' committed socket pushes (modules/push/notification-pushes.ts).
    const webPushes = new NotificationWebPushes(platform.jobQueue, readModels, logger.child({ component: 'push' }));
    if (http) {
      realtime = await attachRealtime(http, config, logger);
      outbox.attach(teeSink(realtime.sink, webPushes));
    } else if (runner) {
      const detached = await detachedPushSink(config, logger);
      outbox.attach(teeSink(detached.sink, webPushes));
      closePushes = detached.close;
    }
    if (http && config.seed) await seedDemoCommunity(http, platform.eventStore, logger.child({ component: 'seed' }));

    const limiter = rateLimiter;
    const bus = changes;
    let stopping: Promise<void> | null = null;
    const shutdown = () =>
      (stopping ??= (async () => {
        if (realtime) await realtime.close().catch((err) => logger.warn({ err }, 'error closing the socket server'));
        await metricsServer?.close().catch((err) => logger.warn({ err }, 'error closing the metrics server'));
        if (http) await http.close().catch((err) => logger.warn({ err }, 'error closing HTTP'));
        await closeConsole();
        if (runner) await runner.stop();
        await publisher?.close();
        follower?.stop();
        await bus.close().catch((err) => logger.warn({ err }, 'error closing the read-model changes'));
        await closePushes();
        // BullMQ workers let their running jobs finish before the queue's connections close.
        if (workers) await workers.close().catch((err) => logger.warn({ err }, 'error closing the workers'));
        await limiter.close().catch((err) => logger.warn({ err }, 'error closing the rate limiter'));
        await platform.close();
      })());
    return {
      role,
      platform,
      http,
      runner,
      readModels,
      progress,
      vault,
      secret,
      rateLimiter,
      realtime,
      metrics,
      shutdown,
    };
  } catch (err) {
    await realtime?.close().catch(() => undefined);
    await metricsServer?.close().catch(() => undefined);
    await closePushes().catch(() => undefined);
    await http?.close().catch(() => undefined);
    await closeConsole().catch(() => undefined);
    await runner?.stop().catch(() => undefined);
    follower?.stop();
    await changes?.close().catch(() => undefined);
    await workers?.close().catch(() => undefined);
    await rateLimiter?.close().catch(() => undefined);
    await platform.close();
    throw err;
  }
}
