import type { MailJob } from '../mail-job';
import type { DevOutbox } from '../outbox/dev-outbox';
import type { MailTransport } from './mail-transport.port';

/** Development delivery: the mail lands in the outbox, readable at GET /api/dev/outbox. */
export class OutboxMailTransport implements MailTransport {
  readonly kind = 'outbox' as const;

  constructor(private readonly outbox: DevOutbox) {}

  async deliver(mail: MailJob): Promise<void> {
    await this.outbox.add(mail);
  }
}
