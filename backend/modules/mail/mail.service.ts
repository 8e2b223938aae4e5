import { Inject, Injectable } from '@nestjs/common';

import { newId } from '../../src/platform/ids';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port';
import { JOB_QUEUE } from '../../src/platform/tokens';
import { MAIL_JOB_OPTIONS, MAIL_SEND_JOB, MailJob, MailLocale, MailTemplate, parseMailJob } from './mail-job';
import { MailTemplateParams, renderMail } from './templates/render-mail';

const SENT_ONCE_MS = 24 * 3600 * 1000;

/** One mail to send: the template, its parameters, and the recipient's language. */
export type MailRequest = {
  [K in MailTemplate]: {
    to: string;
    template: K;
    /** Default 'en'. */
    locale?: MailLocale;
    params: MailTemplateParams[K];
    /** The member the mail is about, kept with the outbox copy. */
    userId?: string;
    /**
     * An idempotency key for a mail that must go out once (a retried job sending it again reuses
     * it: the queue keeps one job per id, the outbox one copy, SMTP the same Message-ID). Default: new.
     */
    id?: string;
    /**
     * With `id`: a mail sent is not sent again under the same id for a day, even by a caller that runs
     * again after a crash (a receipt from a reactor, at least once). The queue keeps the sent mail's job
     * that long, so only for mails without one-time links or sealed addresses.
     */
    sendOnce?: boolean;
    /**
     * A mail of a list (notify-me): the URL that takes the recipient off it with one POST
     * (List-Unsubscribe and List-Unsubscribe-Post headers, RFC 8058).
     */
    listUnsubscribe?: string;
  };
}[MailTemplate];

// One address, no spaces or line breaks: enough to keep header injection out; identity validates the rest.
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

/**
 * Renders a mail and queues it. Delivery happens in the worker's mail.send job, never inside the
 * request, so a slow or failing SMTP server cannot slow down or fail the request that asked for it.
 */
@Injectable()
export class MailService {
  constructor(@Inject(JOB_QUEUE) private readonly jobs: JobQueue) {}

  /** Resolves with the mail's id once the job is queued. */
  async send(mail: MailRequest): Promise<string> {
    const to = mail.to.trim();
    if (!ADDRESS.test(to)) throw new Error('Mail recipient must be one email address');
    const locale = mail.locale ?? 'en';
    const job: MailJob = {
      id: mail.id ?? newId(),
      to,
      template: mail.template,
      locale,
      ...renderMail(mail.template, locale, mail.params),
      ...(mail.userId ? { userId: mail.userId } : {}),
      ...(mail.listUnsubscribe ? { listUnsubscribe: mail.listUnsubscribe } : {}),
    };
    // The worker refuses a job of the wrong shape: fail here, in the caller, rather than on the queue.
    parseMailJob(job);
    // The job id is the mail id: the queue's failure logs (ids, never data) then name this very mail.
    await this.jobs.enqueue<MailJob>(MAIL_SEND_JOB, job, {
      ...MAIL_JOB_OPTIONS,
      jobId: job.id,
      ...(mail.sendOnce && mail.id ? { keepDoneMs: SENT_ONCE_MS } : {}),
    });
    return job.id;
  }
}
