/**
 * The job queue port: the API enqueues, the worker process runs jobs (image variants, video
 * transcodes, mail). Adapters: BullMQ on Redis, and an in-process runner for the embedded profile.
 * Both run the same processor functions, one per job name.
 */
export interface JobOptions {
  /** Deduplicates: a second enqueue with the same id is ignored while the first exists. */
  jobId?: string;
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** First retry delay; doubles each time (default 1000 ms). */
  backoffMs?: number;
  delayMs?: number;
}

export interface JobInfo {
  id: string;
  name: string;
  /** 1 on the first try. */
  attempt: number;
}

export type JobProcessor<T = unknown> = (data: T, job: JobInfo) => Promise<void>;

export interface JobQueue {
  readonly engine: 'bullmq' | 'in-process';
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<string>;
  /** Declares the processor for a job name (before startProcessing). */
  register<T>(name: string, processor: JobProcessor<T>): void;
  /** Starts running jobs in this process (the workers role). */
  startProcessing(options?: { concurrency?: number }): Promise<void>;
  /** Resolves when nothing is queued, delayed or running (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** Lets running jobs finish, then closes connections. */
  close(): Promise<void>;
}

export const JOB_DEFAULTS = { attempts: 3, backoffMs: 1000 } as const;
