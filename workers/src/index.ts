export { mailSendProcessor } from './mail/mail-send.processor';
export { MailSendWorker } from './mail/mail-send.worker';
export { mediaProcessProcessor } from './media/media-process.processor';
export { MediaProcessWorker } from './media/media-process.worker';
export { PushSendWorker } from './push/push-send.worker';
export { DonationsOpenMailWorker } from './support/donations-open-mail.worker';
export type { WorkerDeps } from './workers.module';
export { startWorkers, WorkersModule } from './workers.module';
