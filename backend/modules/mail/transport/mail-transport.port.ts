import type { MailJob } from '../mail-job';

/**
 * Where a rendered mail goes. Adapters: SMTP through nodemailer (SMTP_URL set) and the development
 * outbox in the read store. deliver() rejects when the mail did not go out, so the job is retried.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(mail: MailJob): Promise<void>;
}
