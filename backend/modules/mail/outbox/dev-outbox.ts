import type { Doc, ReadStore } from '../../../src/platform/read-store/read-store.port';
import { mailHeaders, type MailJob } from '../mail-job';
import { findLinks } from './find-links';

export const DEV_OUTBOX_COLLECTION = 'dc_dev_outbox';

/** A mail as the outbox endpoint shows it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  locale: string;
  /** The links of the text part, so a test or a newcomer can follow the verification link. */
  links: string[];
  userId: string | null;
  /** The headers SMTP would send besides From, To, Subject and Message-ID (List-Unsubscribe...). */
  headers: Record<string, string>;
  createdAt: string;
}

type OutboxDoc = Doc & OutboxMail & { toLower: string };

/**
 * The development outbox: mails kept in the read store instead of sent. It is written by the
 * worker and read by the API, which may be different processes, so it lives in the shared store.
 */
export class DevOutbox {
  private ready: Promise<void> | null = null;

  constructor(private readonly store: ReadStore) {}

  /** Keeps a mail; the mail's id is the document id, so a retried job overwrites rather than doubles. */
  async add(mail: MailJob, now: Date = new Date()): Promise<OutboxMail> {
    await this.ensure();
    const doc: OutboxDoc = {
      id: mail.id,
      to: mail.to,
      toLower: mail.to.toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: mail.template,
      locale: mail.locale,
      links: findLinks(mail.text),
      userId: mail.userId ?? null,
      headers: mailHeaders(mail),
      createdAt: now.toISOString(),
    };
    await this.store.collection<OutboxDoc>(DEV_OUTBOX_COLLECTION).upsert(doc);
    return publicView(doc);
  }

  /** Newest first; `to` matches the recipient whatever its letter case. */
  async list(query: { to?: string | undefined; limit: number }): Promise<OutboxMail[]> {
    await this.ensure();
    const { items } = await this.store.collection<OutboxDoc>(DEV_OUTBOX_COLLECTION).find({
      where: query.to ? { toLower: query.to.toLowerCase() } : undefined,
      // Mail ids are UUIDv7, created when the mail was sent, so id order is sending order.
      sort: { field: 'id', direction: 'desc' },
      limit: query.limit,
    });
    return items.map(publicView);
  }

  /** Creates the collection once per process; a failure is retried on the next call. */
  private ensure(): Promise<void> {
    this.ready ??= this.store
      .ensureCollection({
        name: DEV_OUTBOX_COLLECTION,
        // Listing by recipient, newest first; the unfiltered list walks the primary key backwards.
        indexes: [{ fields: ['toLower'], sort: { field: 'id' } }],
      })
      .catch((err: unknown) => {
        this.ready = null;
        throw err;
      });
    return this.ready;
  }
}

function publicView({ toLower: _toLower, ...mail }: OutboxDoc): OutboxMail {
  // Kept before mails had headers: none recorded.
  return { ...mail, headers: mail.headers ?? {} };
}
