import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { Logger } from '../logging';
import { newId } from '../ids';
import { JOB_DEFAULTS, JobOptions, JobProcessor, JobQueue } from './job-queue.port';

const QUEUE_NAME = 'jobs';

/** BullMQ on Redis: jobs survive restarts and are shared by every worker process. */
export class BullMqJobQueue implements JobQueue {
  readonly engine = 'bullmq' as const;
  private readonly connection: IORedis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: IORedis | null = null;
  private readonly processors = new Map<string, JobProcessor>();

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    // BullMQ workers block on Redis; ioredis must not give up on those commands.
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.connection.on('error', (err) => this.logger.warn({ err }, 'redis connection error'));
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix });
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    const job = await this.queue.add(name, data, {
      jobId: options.jobId ?? newId(),
      attempts: options.attempts ?? JOB_DEFAULTS.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs ?? JOB_DEFAULTS.backoffMs },
      delay: options.delayMs,
      // Job data can carry one-time links: gone once done, failures kept a day for inspection.
      removeOnComplete: true,
      removeOnFail: { age: 24 * 3600 },
    });
    return job.id!;
  }

  register<T>(name: string, processor: JobProcessor<T>): void {
    this.processors.set(name, processor as JobProcessor);
  }

  async startProcessing(options: { concurrency?: number } = {}): Promise<void> {
    // Workers hold a blocking connection of their own.
    this.workerConnection = this.connection.duplicate();
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        const processor = this.processors.get(job.name);
        // Throwing (not swallowing) is what makes BullMQ retry and keep the failure visible.
        if (!processor) throw new Error(`No processor for job ${job.name}`);
        await processor(job.data, { id: job.id!, name: job.name, attempt: job.attemptsMade + 1 });
      },
      { connection: this.workerConnection, prefix: this.prefix, concurrency: options.concurrency ?? 2 },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.warn({ err, job: job?.name, id: job?.id, attempt: job?.attemptsMade }, 'job failed'),
    );
    this.worker.on('error', (err) => this.logger.error({ err }, 'worker error'));
    await this.worker.waitUntilReady();
  }

  async idle(): Promise<void> {
    for (;;) {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Removes every key of this queue (tests). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.workerConnection?.quit().catch(() => undefined);
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
