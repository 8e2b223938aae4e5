import { newId } from '../ids';
import type { Logger } from '../logging';
import { JOB_DEFAULTS, JobOptions, JobProcessor, JobQueue } from './job-queue.port';

interface QueuedJob {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  attempts: number;
  backoffMs: number;
}

/**
 * Embedded profile only: jobs live in memory and are lost if the process dies. Retries follow the
 * same rules as the BullMQ adapter so processors behave the same in both.
 */
export class InProcessJobQueue implements JobQueue {
  readonly engine = 'in-process' as const;
  private readonly processors = new Map<string, JobProcessor>();
  private readonly ready: QueuedJob[] = [];
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private concurrency = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly logger: Logger) {}

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('Job queue is closed');
    const id = options.jobId ?? newId();
    if (this.known.has(id)) return id;
    this.known.add(id);
    const job: QueuedJob = {
      id,
      name,
      data,
      attempt: 1,
      attempts: options.attempts ?? JOB_DEFAULTS.attempts,
      backoffMs: options.backoffMs ?? JOB_DEFAULTS.backoffMs,
    };
    if (options.delayMs) this.later(job, options.delayMs);
    else this.push(job);
    return id;
  }

  register<T>(name: string, processor: JobProcessor<T>): void {
    this.processors.set(name, processor as JobProcessor);
  }

  async startProcessing(options: { concurrency?: number } = {}): Promise<void> {
    this.concurrency = options.concurrency ?? 2;
    this.pump();
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.ready.length = 0;
    await this.idle();
  }

  private push(job: QueuedJob) {
    this.ready.push(job);
    this.pump();
  }

  private later(job: QueuedJob, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.push(job);
    }, ms);
    this.timers.add(timer);
  }

  private pump() {
    while (this.running < this.concurrency && this.ready.length > 0) {
      const job = this.ready.shift()!;
      this.running++;
      void this.run(job).finally(() => {
        this.running--;
        this.pump();
        this.notifyIdle();
      });
    }
  }

  private async run(job: QueuedJob) {
    const processor = this.processors.get(job.name);
    try {
      if (!processor) throw new Error(`No processor for job ${job.name}`);
      await processor(job.data, { id: job.id, name: job.name, attempt: job.attempt });
      this.known.delete(job.id);
    } catch (err) {
      if (job.attempt < job.attempts && !this.closed) {
        this.logger.warn({ err, job: job.name, id: job.id, attempt: job.attempt }, 'job failed; retrying');
        this.later({ ...job, attempt: job.attempt + 1 }, job.backoffMs * 2 ** (job.attempt - 1));
      } else {
        this.known.delete(job.id);
        this.logger.error({ err, job: job.name, id: job.id, attempt: job.attempt }, 'job failed for good');
      }
    }
  }

  private isIdle() {
    return this.running === 0 && this.ready.length === 0 && this.timers.size === 0;
  }

  private notifyIdle() {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((w) => w());
  }
}
