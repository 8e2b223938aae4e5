export * from './job-queue.port';
export { InProcessJobQueue } from './in-process.job-queue';
export { BullMqJobQueue } from './bullmq.job-queue';
