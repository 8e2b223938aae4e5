export * from './job-queue.port';
export { InProcessJobQueue } from './in-process.job-queue';
export { BullMqJobQueue } from './bullmq.job-queue';
export { JobHost, JOB_WORKER_OPTIONS } from './job-host';
export { JobWorkersModule, jobNameOf } from './job-workers.module';
export type { JobHostProvider } from './job-workers.module';
