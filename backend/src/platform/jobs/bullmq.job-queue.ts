import { Queue } from 'bullmq';
import IORedis from 'ioredis';

import { newId } from '../ids';
import type { Logger } from '../logging';
import { JOB_DEFAULTS, type JobDepth, type JobOptions, type JobQueue } from './job-queue.port';

/** The connection and key prefix `@nestjs/bullmq` gets (BullModule.forRoot) in a worker process. */
export interface BullWorkerSettings {
  connection: IORedis;
  prefix: string;
}

/** BullMQ's default lock: a dead worker's job waits this long, plus up to two stall checks, for another worker. */
const DEFAULT_LOCK_MS = 30_000;

/**
 * BullMQ on Redis: jobs survive restarts and are shared by every worker process. One BullMQ queue
 * per job name (named after it, under the prefix), so each job name has its own WorkerHost.
 */
export class BullMqJobQueue implements JobQueue {
  readonly engine = 'bullmq' as const;
  private readonly connection: IORedis;
  private readonly queues = new Map<string, Queue>();
  private workerConnection: IORedis | null = null;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly logger: Logger,
    /** The Workers' lockDuration and stalledInterval (JOB_LOCK_MS). */
    readonly lockMs = DEFAULT_LOCK_MS,
  ) {
    // BullMQ workers block on Redis; ioredis must not give up on those commands.
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.connection.on('error', (err) => this.logger.warn({ err }, 'redis connection error'));
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    const job = await this.queue(name).add(name, data, {
      jobId: options.jobId ?? newId(),
      attempts: options.attempts ?? JOB_DEFAULTS.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs ?? JOB_DEFAULTS.backoffMs },
      ...(options.delayMs !== undefined && { delay: options.delayMs }),
      // Job data can carry one-time links: gone once done, failures kept a day for inspection. A job
      // kept as done (keepDoneMs) keeps its id, and BullMQ refuses another with it, until then.
      removeOnComplete: options.keepDoneMs ? { age: Math.ceil(options.keepDoneMs / 1000) } : true,
      removeOnFail: { age: 24 * 3600 },
    });
    return job.id!;
  }

  /**
   * For BullModule.forRoot in the workers role: the prefix, and a connection of the workers' own
   * (BullMQ's Workers duplicate it again for their blocking commands), closed with this queue.
   * The job names run here count for idle() and obliterate() as if enqueued into.
   */
  workerSettings(jobNames: readonly string[]): BullWorkerSettings {
    for (const name of jobNames) this.queue(name);
    if (!this.workerConnection) {
      this.workerConnection = this.connection.duplicate();
      this.workerConnection.on('error', (err) => this.logger.warn({ err }, 'redis connection error'));
    }
    return { connection: this.workerConnection, prefix: this.prefix };
  }

  async depth(names: readonly string[]): Promise<JobDepth[]> {
    return Promise.all(
      names.map(async (name) => {
        const c = await this.queue(name).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
        return {
          name,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        };
      }),
    );
  }

  /** Nothing waiting, delayed or running in the queues this instance has enqueued into or runs. */
  async idle(): Promise<void> {
    for (;;) {
      const counts = await Promise.all(
        [...this.queues.values()].map((q) =>
          q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children'),
        ),
      );
      if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Removes every key of the queues used so far (tests). */
  async obliterate(): Promise<void> {
    for (const queue of this.queues.values()) await queue.obliterate({ force: true });
  }

  /** Workers (JobWorkersModule) are closed first, by their Nest context; then the connections. */
  async close(): Promise<void> {
    for (const queue of this.queues.values()) await queue.close();
    await this.workerConnection?.quit().catch(() => undefined);
    await this.connection.quit().catch(() => undefined);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }
}
