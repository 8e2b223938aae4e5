import { MAIL_SEND_JOB, MailTransport } from '@modules/mail';
import { Processor } from '@nestjs/bullmq';
import { JOB_WORKER_OPTIONS, JobHost, jobInfo, QueuedJob } from '@platform/jobs';
import type { Logger } from '@platform/logging';

import { mailSendProcessor } from './mail-send.processor';

/** The host of mail.send: BullMQ's Worker (or the in-process queue) hands it each job. */
@Processor(MAIL_SEND_JOB, JOB_WORKER_OPTIONS)
export class MailSendWorker extends JobHost {
  private readonly send;

  constructor(transport: MailTransport, logger: Logger) {
    super(logger);
    this.send = mailSendProcessor(transport, logger);
  }

  async process(job: QueuedJob): Promise<void> {
    await this.send(job.data, jobInfo(job));
  }
}
