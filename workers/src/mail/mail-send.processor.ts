import { type MailTransport, parseMailJob } from '../../../backend/modules/mail';
import type { JobProcessor } from '../../../backend/src/platform/jobs/job-queue.port';
import type { Logger } from '../../../backend/src/platform/logging';

/**
 * mail.send: hands one rendered mail to the transport. Errors propagate so the queue retries; the
 * job data holds a one-time link, so only ids and the template name are ever logged.
 */
export function mailSendProcessor(transport: MailTransport, logger: Logger): JobProcessor<unknown> {
  return async (data, job) => {
    const mail = parseMailJob(data);
    await transport.deliver(mail);
    logger.info(
      { jobId: job.id, attempt: job.attempt, template: mail.template, transport: transport.kind },
      'mail delivered',
    );
  };
}
