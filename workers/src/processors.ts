import type { JobProcessor, JobQueue } from '../../backend/src/platform/jobs/job-queue.port';

/**
 * One processor per job name. The API only enqueues; the worker process (or the embedded runtime)
 * registers these and runs them. Media jobs (sharp, ffmpeg) join this table as they are built.
 */
export type ProcessorTable = Record<string, JobProcessor<never>>;

export function registerProcessors(queue: JobQueue, table: ProcessorTable): void {
  for (const [name, processor] of Object.entries(table)) queue.register(name, processor as JobProcessor);
}

export const processors: ProcessorTable = {};
