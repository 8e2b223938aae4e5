export { WorkersModule, startWorkers } from './workers.module';
export type { WorkerDeps } from './workers.module';
export { MailSendWorker } from './mail/mail-send.worker';
export { MediaProcessWorker } from './media/media-process.worker';
export { mailSendProcessor } from './mail/mail-send.processor';
export { mediaProcessProcessor } from './media/media-process.processor';
