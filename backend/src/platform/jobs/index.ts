export { BullMqJobQueue } from './bullmq.job-queue';
export { InProcessJobQueue } from './in-process.job-queue';
export { JOB_WORKER_OPTIONS, JobHost } from './job-host';
export * from './job-queue.port';
export type { JobHostProvider } from './job-workers.module';
export { jobNameOf, JobWorkersModule } from './job-workers.module';
