import type { JobProcessor, JobQueue } from '../../backend/src/platform/jobs/job-queue.port';
import type { AppConfig } from '../../backend/src/platform/config';
import type { Logger } from '../../backend/src/platform/logging';
import type { Platform } from '../../backend/src/platform/platform';
import { MAIL_SEND_JOB, createMailTransport } from '../../backend/modules/mail';
import { mailSendProcessor } from './mail/mail-send.processor';
import { MEDIA_PROCESS_JOB, createBlobStore } from '../../backend/modules/media';
import { mediaProcessProcessor } from './media/media-process.processor';
import { Ffmpeg } from './media/video/ffmpeg';

/**
 * One processor per job name. The API only enqueues; the worker process (or the embedded runtime)
 * registers these and runs them.
 */
export type ProcessorTable = Record<string, JobProcessor<never>>;

/** What processors are built from: the opened platform and the configuration of this process. */
export interface ProcessorDeps {
  config: AppConfig;
  logger: Logger;
  platform: Platform;
}

export function buildProcessors({ config, logger, platform }: ProcessorDeps): ProcessorTable {
  const mailLogger = logger.child({ component: 'mail' });
  return {
    [MAIL_SEND_JOB]: mailSendProcessor(createMailTransport(config, platform.readStore, mailLogger), mailLogger),
    [MEDIA_PROCESS_JOB]: mediaProcessProcessor({
      eventStore: platform.eventStore,
      blobs: createBlobStore(config),
      ffmpeg: new Ffmpeg(config.ffmpeg),
      logger: logger.child({ component: 'media' }),
    }),
  };
}

export function registerProcessors(queue: JobQueue, table: ProcessorTable): void {
  for (const [name, processor] of Object.entries(table)) queue.register(name, processor as JobProcessor);
}
