/**
 * The job queue port: the API enqueues, the worker process runs jobs (image variants, video
 * transcodes, mail). Adapters: BullMQ on Redis, and an in-process runner for the embedded profile.
 * Jobs are run by `@nestjs/bullmq` WorkerHosts, one per job name (see JobWorkersModule): BullMQ's
 * own Worker drives them on Redis, the in-process adapter drives the same classes in memory.
 */
export interface JobOptions {
  /** Deduplicates: a second enqueue with the same id is ignored while the first exists. */
  jobId?: string;
  /**
   * With jobId: the id is remembered this long after the job succeeded, so an enqueue repeated by an
   * at-least-once caller (a reactor re-run after a crash) does not do the work twice (a receipt mailed
   * twice). BullMQ keeps the done job itself (its data too) that long, as it keeps a failed one; the
   * in-process queue only the id.
   */
  keepDoneMs?: number;
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** First retry delay; doubles each time (default 1000 ms). */
  backoffMs?: number;
  delayMs?: number;
}

/**
 * What a host reads of a job: the part of BullMQ's Job both adapters provide (the in-process
 * adapter hands hosts an object of this shape).
 */
export interface QueuedJob<T = unknown> {
  id?: string;
  name: string;
  data: T;
  /** Tries that have failed so far: 0 on the first try. */
  attemptsMade: number;
}

/** The one method of a WorkerHost that the queues call. */
export interface JobHandler {
  process(job: QueuedJob): Promise<unknown>;
}

export interface JobInfo {
  id: string;
  name: string;
  /** 1 on the first try. */
  attempt: number;
}

/** A job's work as a function of its data (what a WorkerHost delegates to). */
export type JobProcessor<T = unknown> = (data: T, job: JobInfo) => Promise<void>;

export function jobInfo(job: QueuedJob): JobInfo {
  return { id: job.id!, name: job.name, attempt: job.attemptsMade + 1 };
}

/** What a queue holds of one job name (the metrics' queue depth and failed jobs). */
export interface JobDepth {
  name: string;
  /** Ready to run, waiting for a worker. */
  waiting: number;
  active: number;
  /** Held back: a delay, or the backoff before a retry. */
  delayed: number;
  /** Failed for good and kept for inspection (BullMQ keeps them a day; in-process: since start). */
  failed: number;
}

/** The producer side every process sees; running jobs is the workers role's JobWorkersModule. */
export interface JobQueue {
  readonly engine: 'bullmq' | 'in-process';
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<string>;
  /** How many jobs of each name are waiting, running, delayed and failed. */
  depth(names: readonly string[]): Promise<JobDepth[]>;
  /** Resolves when nothing is queued, delayed or running (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** Lets running jobs finish, then closes connections. */
  close(): Promise<void>;
}

export const JOB_DEFAULTS = { attempts: 3, backoffMs: 1000 } as const;

/** Jobs one worker process runs at a time, per job name (BullMQ) or in all (in-process). */
export const JOB_CONCURRENCY = 2;
