import { newId } from '../ids';
import type { Logger } from '../logging';
import {
  JOB_CONCURRENCY,
  JOB_DEFAULTS,
  type JobDepth,
  type JobHandler,
  type JobOptions,
  type JobQueue,
} from './job-queue.port';

interface PendingJob {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  attempts: number;
  backoffMs: number;
  keepDoneMs: number;
}

/**
 * Embedded profile only: jobs live in memory and are lost if the process dies. Retries follow the
 * same rules as BullMQ, and jobs are run by the same WorkerHosts (registered by JobWorkersModule),
 * each handed a Job-shaped object (id, name, data, attemptsMade).
 */
export class InProcessJobQueue implements JobQueue {
  readonly engine = 'in-process' as const;
  private readonly hosts = new Map<string, JobHandler>();
  private readonly ready: PendingJob[] = [];
  private readonly known = new Set<string>();
  /** Ids of jobs done that are remembered (keepDoneMs), with when they may be used again. */
  private readonly done = new Map<string, number>();
  /** Delayed jobs and retries waiting out their backoff, by their timer. */
  private readonly timers = new Map<NodeJS.Timeout, PendingJob>();
  /** Jobs running now and jobs failed for good, by name. */
  private readonly active = new Map<string, number>();
  private readonly failed = new Map<string, number>();
  private running = 0;
  private concurrency = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private stopWaiters: (() => void)[] = [];

  constructor(private readonly logger: Logger) {}

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('Job queue is closed');
    const id = options.jobId ?? newId();
    if (this.known.has(id) || (this.done.get(id) ?? 0) > Date.now()) return id;
    this.done.delete(id);
    this.known.add(id);
    const job: PendingJob = {
      id,
      name,
      data,
      attempt: 1,
      attempts: options.attempts ?? JOB_DEFAULTS.attempts,
      backoffMs: options.backoffMs ?? JOB_DEFAULTS.backoffMs,
      keepDoneMs: options.jobId ? (options.keepDoneMs ?? 0) : 0,
    };
    if (options.delayMs) this.later(job, options.delayMs);
    else this.push(job);
    return id;
  }

  async depth(names: readonly string[]): Promise<JobDepth[]> {
    const delayed = [...this.timers.values()];
    return names.map((name) => ({
      name,
      waiting: this.ready.filter((j) => j.name === name).length,
      active: this.active.get(name) ?? 0,
      delayed: delayed.filter((j) => j.name === name).length,
      failed: this.failed.get(name) ?? 0,
    }));
  }

  /** Declares the host of a job name (before startProcessing). */
  register(name: string, host: JobHandler): void {
    this.hosts.set(name, host);
  }

  /** Starts running jobs in this process (the workers role). */
  async startProcessing(options: { concurrency?: number } = {}): Promise<void> {
    this.concurrency = options.concurrency ?? JOB_CONCURRENCY;
    this.pump();
  }

  /** Takes no more jobs and resolves once the running ones have finished (the workers closing). */
  stopProcessing(): Promise<void> {
    this.concurrency = 0;
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.stopWaiters.push(resolve));
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.keys()) clearTimeout(t);
    this.timers.clear();
    this.ready.length = 0;
    await this.idle();
  }

  private push(job: PendingJob) {
    this.ready.push(job);
    this.pump();
  }

  private later(job: PendingJob, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.push(job);
    }, ms);
    this.timers.set(timer, job);
  }

  private pump() {
    while (this.running < this.concurrency && this.ready.length > 0) {
      const job = this.ready.shift()!;
      this.running++;
      this.active.set(job.name, (this.active.get(job.name) ?? 0) + 1);
      void this.run(job).finally(() => {
        this.running--;
        this.active.set(job.name, this.active.get(job.name)! - 1);
        if (this.running === 0) this.stopWaiters.splice(0).forEach((w) => w());
        this.pump();
        this.notifyIdle();
      });
    }
  }

  private async run(job: PendingJob) {
    const host = this.hosts.get(job.name);
    try {
      if (!host) throw new Error(`No processor for job ${job.name}`);
      await host.process({ id: job.id, name: job.name, data: job.data, attemptsMade: job.attempt - 1 });
      this.known.delete(job.id);
      if (job.keepDoneMs > 0) this.remember(job.id, job.keepDoneMs);
    } catch (err) {
      if (job.attempt < job.attempts && !this.closed) {
        this.logger.warn({ err, job: job.name, id: job.id, attempt: job.attempt }, 'job failed; retrying');
        this.later({ ...job, attempt: job.attempt + 1 }, job.backoffMs * 2 ** (job.attempt - 1));
      } else {
        this.known.delete(job.id);
        this.failed.set(job.name, (this.failed.get(job.name) ?? 0) + 1);
        this.logger.error({ err, job: job.name, id: job.id, attempt: job.attempt }, 'job failed for good');
      }
    }
  }

  private remember(id: string, keepMs: number) {
    const now = Date.now();
    // Forgotten lazily: the ids whose time is up go when the next one is remembered.
    for (const [known, until] of this.done) if (until <= now) this.done.delete(known);
    this.done.set(id, now + keepMs);
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
