import type { JobProcessor, JobQueue } from '../../backend/src/platform/jobs/job-queue.port';
import type { AppConfig } from '../../backend/src/platform/config';
import type { Logger } from '../../backend/src/platform/logging';
import type { Platform } from '../../backend/src/platform/platform';
import { MAIL_SEND_JOB, createMailTransport } from '../../backend/modules/mail';
import { mailSendProcessor } from './mail/mail-send.processor';

/**
 * One processor per job name. The API only enqueues; the worker process (or the embedded runtime)
 * registers these and runs them. Media jobs (sharp, ffmpeg) join this table as they are built.
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
  };
}

export function registerProcessors(queue: JobQueue, table: ProcessorTable): void {
  for (const [name, processor] of Object.entries(table)) queue.register(name, processor as JobProcessor);
}
