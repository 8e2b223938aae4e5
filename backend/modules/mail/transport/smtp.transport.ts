import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';

import { mailHeaders, type MailJob } from '../mail-job';
import type { MailTransport } from './mail-transport.port';

// nodemailer waits minutes by default; a hung SMTP server must not hold a worker slot that long.
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Delivery over SMTP. The transporter is injectable so tests can use nodemailer's stream transport. */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;

  constructor(
    private readonly transporter: Transporter,
    private readonly from: string,
  ) {}

  /** SMTP_URL carries host, port, TLS and credentials (smtp://user:pass@host:587, smtps://...). */
  static fromUrl(url: string, from: string): SmtpMailTransport {
    return new SmtpMailTransport(createTransport({ url, ...TIMEOUTS }), from);
  }

  async deliver(mail: MailJob): Promise<void> {
    // sendMail rejects on a refused connection, login or recipient: the job fails and is retried.
    await this.transporter.sendMail(toSmtpMessage(mail, this.from));
  }
}

/** The nodemailer message for a rendered mail. */
export function toSmtpMessage(mail: MailJob, from: string): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The same Message-ID on every retry lets receiving servers and clients drop a duplicate.
    messageId: `<${mail.id}@${senderDomain(from)}>`,
    headers: mailHeaders(mail),
  };
}

function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'deenconnect.local';
}
