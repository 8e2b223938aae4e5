import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';

import type { Logger } from '../logging';
import { JOB_CONCURRENCY, JobHandler, QueuedJob } from './job-queue.port';

/** The BullMQ Worker options of every job host: `@Processor(<job name>, JOB_WORKER_OPTIONS)`. */
export const JOB_WORKER_OPTIONS = { concurrency: JOB_CONCURRENCY } as const;

/**
 * Base of the WorkerHost of each job name. A subclass is `@Processor(<job name>, JOB_WORKER_OPTIONS)`
 * and implements process(); it reads only what QueuedJob names, so the in-process queue can run it
 * too. Throwing (not swallowing) is what makes the queue retry and keep the failure visible.
 */
export abstract class JobHost<T = unknown> extends WorkerHost implements JobHandler {
  constructor(protected readonly logger: Logger) {
    super();
  }

  abstract override process(job: QueuedJob<T>): Promise<void>;

  /** BullMQ only (the in-process queue logs its own retries). */
  @OnWorkerEvent('failed')
  onFailed(job: QueuedJob | undefined, err: Error): void {
    this.logger.warn({ err, job: job?.name, id: job?.id, attempt: job?.attemptsMade }, 'job failed');
  }

  @OnWorkerEvent('error')
  onWorkerError(err: Error): void {
    this.logger.error({ err }, 'worker error');
  }
}
