import type { AppConfig } from '../../../src/platform/config';
import type { Logger } from '../../../src/platform/logging';
import type { ReadStore } from '../../../src/platform/read-store/read-store.port';
import { DevOutbox } from '../outbox/dev-outbox';
import type { MailTransport } from './mail-transport.port';
import { OutboxMailTransport } from './outbox.transport';
import type * as SmtpModule from './smtp.transport';

/** SMTP when SMTP_URL is set, else the outbox in the read store (ARCHITECTURE.md, storage table). */
export function createMailTransport(config: AppConfig, readStore: ReadStore, logger: Logger): MailTransport {
  if (config.mail.smtpUrl) {
    // nodemailer loads only when SMTP is configured (as the S3 client does in create-blob-store).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { SmtpMailTransport } = require('./smtp.transport') as typeof SmtpModule;
    return SmtpMailTransport.fromUrl(config.mail.smtpUrl, config.mail.from);
  }
  if (config.env === 'production') {
    // Keeping the mails beats failing every job, but nobody can read them there: say so loudly.
    logger.warn('SMTP_URL is not set: mails are kept in the read store outbox and not delivered');
  }
  return new OutboxMailTransport(new DevOutbox(readStore));
}
