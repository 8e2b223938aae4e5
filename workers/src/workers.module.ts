import { createMailTransport, MailService } from '@modules/mail';
import { createBlobStore } from '@modules/media';
import { vapidKeysOnce } from '@modules/push';
import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '@platform/config';
import { JobWorkersModule } from '@platform/jobs';
import type { Logger } from '@platform/logging';
import type { Platform } from '@platform/platform';
import { PersonalDataVault } from '@platform/privacy/personal-data-vault';

import { MailSendWorker } from './mail/mail-send.worker';
import { MediaProcessWorker } from './media/media-process.worker';
import { Ffmpeg } from './media/video/ffmpeg';
import { PushSendWorker } from './push/push-send.worker';
import { DonationsOpenMailWorker } from './support/donations-open-mail.worker';

/** What the job hosts are built from: the opened platform and the configuration of this process. */
export interface WorkerDeps {
  config: AppConfig;
  logger: Logger;
  platform: Platform;
}

/**
 * The workers role: one WorkerHost per job name. The API only enqueues (JobQueue port); this
 * module runs the jobs, on BullMQ through `@nestjs/bullmq` or on the embedded in-process queue.
 */
@Module({})
export class WorkersModule {
  static forRoot({ config, logger, platform }: WorkerDeps): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        JobWorkersModule.forQueue(platform.jobQueue, [
          {
            provide: MailSendWorker,
            useFactory: () => {
              const mailLogger = logger.child({ component: 'mail' });
              return new MailSendWorker(createMailTransport(config, platform.readStore, mailLogger), mailLogger);
            },
          },
          {
            provide: MediaProcessWorker,
            useFactory: () =>
              new MediaProcessWorker({
                eventStore: platform.eventStore,
                blobs: createBlobStore(config),
                ffmpeg: new Ffmpeg(config.ffmpeg),
                logger: logger.child({ component: 'media' }),
              }),
          },
          {
            provide: DonationsOpenMailWorker,
            useFactory: () =>
              new DonationsOpenMailWorker({
                eventStore: platform.eventStore,
                vault: new PersonalDataVault(platform.readStore),
                mail: new MailService(platform.jobQueue),
                supportUrl: `${config.http.publicUrl}/support`,
                publicUrl: config.http.publicUrl,
                logger: logger.child({ component: 'support' }),
              }),
          },
          {
            provide: PushSendWorker,
            useFactory: () =>
              new PushSendWorker({
                eventStore: platform.eventStore,
                jobs: platform.jobQueue,
                vapidKeys: vapidKeysOnce(config, platform.readStore),
                push: config.push,
                logger: logger.child({ component: 'push' }),
              }),
          },
        ]),
      ],
    };
  }
}

/** Starts the job hosts of this process; closing the context lets running jobs finish first. */
export async function startWorkers(deps: WorkerDeps): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(WorkersModule.forRoot(deps), { logger: ['error', 'warn'] });
}
