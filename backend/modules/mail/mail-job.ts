import { z } from 'zod';

import type { JobOptions } from '../../src/platform/jobs/job-queue.port';

/** The one job name of this module; the worker table registers its processor under it. */
export const MAIL_SEND_JOB = 'mail.send';

export const MAIL_TEMPLATES = [
  'verify-email',
  'reset-password',
  'donations-open',
  'donations-open-confirm',
  'order-receipt',
  'donation-receipt',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const MAIL_LOCALES = ['en', 'ar'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

const mailJobSchema = z.object({
  id: z.string().min(1),
  to: z.string().min(3),
  template: z.enum(MAIL_TEMPLATES),
  locale: z.enum(MAIL_LOCALES),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().min(1),
  userId: z.string().min(1).optional(),
  /** RFC 8058 one-click unsubscribe URL: http(s), nothing that could end the header's <...> or the line. */
  listUnsubscribe: z
    .string()
    .regex(/^https?:\/\/[^\s<>"]+$/)
    .max(2000)
    .optional(),
});

/**
 * What travels on the queue: the mail already rendered (the worker needs no templates), plus the id
 * that makes every delivery attempt of it recognisable (outbox document id, SMTP Message-ID).
 */
export type MailJob = z.infer<typeof mailJobSchema>;

/**
 * Jobs may come from another process (Redis), so the worker checks their shape. The error names
 * the bad fields only: the values include a one-time link and must not reach the logs.
 */
export function parseMailJob(data: unknown): MailJob {
  const parsed = mailJobSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(job)'))];
  throw new Error(`Invalid ${MAIL_SEND_JOB} job: bad ${fields.join(', ')}`);
}

/**
 * The headers a mail carries beyond the addresses and subject, the same for SMTP and the outbox (so
 * the outbox shows what would be sent). A list mail gets RFC 2369's List-Unsubscribe and RFC 8058's
 * List-Unsubscribe-Post: mail clients show an "Unsubscribe" button that POSTs
 * `List-Unsubscribe=One-Click` to the URL. (RFC 8058 asks for a DKIM signature covering both
 * headers: the SMTP relay's job.)
 */
export function mailHeaders(mail: MailJob): Record<string, string> {
  return {
    'Content-Language': mail.locale,
    ...(mail.listUnsubscribe
      ? { 'List-Unsubscribe': `<${mail.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {}),
  };
}

// SMTP outages last minutes rather than seconds: 5 tries spread over about 2.5 minutes.
export const MAIL_JOB_OPTIONS = { attempts: 5, backoffMs: 10_000 } as const satisfies JobOptions;
