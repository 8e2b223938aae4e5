import type { MailService } from '@modules/mail';
import type { ReadModels } from '@platform/read-models';
import { type UserDoc, USERS } from '@projections/identity';
import { type OrphanDoc, SUPPORT_ORPHANS } from '@projections/support';

import type { DonationState } from './domain/donation.decider';
import type { DonationEvent } from './events';

type DonationPaid = Extract<DonationEvent, { type: 'DonationPaid' }>['data'];

/**
 * A paid donation's receipt by mail, in the language the donor gave in (issue 40). Its mail id is the
 * donation's, sent once (`sendOnce`): a payment handled twice, or again after a crash, queues one
 * mail. A donor whose account is gone gets none.
 */
export class DonationReceipts {
  constructor(
    private readonly mail: Pick<MailService, 'send'>,
    private readonly readModels: ReadModels,
    private readonly publicUrl: string,
  ) {}

  async send(donation: DonationState, paid: DonationPaid): Promise<void> {
    const [donor, orphan] = await Promise.all([
      this.readModels.collection<UserDoc>(USERS).get(paid.donorId),
      paid.orphanId ? this.readModels.collection<OrphanDoc>(SUPPORT_ORPHANS).get(paid.orphanId) : null,
    ]);
    if (!donor) return;
    await this.mail.send({
      id: `receipt-${paid.donationId}`,
      sendOnce: true,
      to: donor.email,
      template: 'donation-receipt',
      locale: donation.language,
      userId: donor.id,
      params: {
        displayName: donor.displayName,
        link: new URL('/support', this.publicUrl).toString(),
        amount: paid.amount,
        orphan: orphan ? `ORP-KE-${orphan.uniqueId}` : null,
        isAnonymous: paid.isAnonymous,
        paidAt: paid.at,
        provider: paid.provider,
        reference: paid.receipt ?? paid.reference,
      },
    });
  }
}
