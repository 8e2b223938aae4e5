import type { DonationEvent } from '@modules/support';

import { given, minute, upTo } from '../testing/history';
import { foldDonation } from './donation.view';

describe('donation history view', () => {
  const stream = given<DonationEvent>([
    {
      type: 'DonationPledged',
      data: {
        donationId: 'd1',
        donorId: 'u1',
        amount: 100000,
        currency: 'KES',
        method: 'card',
        orphanId: 'o1',
        isAnonymous: true,
        at: minute(0),
      },
    },
    {
      type: 'DonationPaymentRequested',
      data: { donationId: 'd1', provider: 'stripe', reference: 'pi_1', at: minute(1) },
    },
    {
      type: 'DonationPaid',
      data: {
        donationId: 'd1',
        donorId: 'u1',
        amount: 100000,
        orphanId: 'o1',
        isAnonymous: true,
        provider: 'stripe',
        reference: 'pi_1',
        receipt: null,
        at: minute(2),
      },
    },
    {
      type: 'DonationPaymentFlagged',
      data: {
        donationId: 'd1',
        provider: 'stripe',
        reference: 'pi_2',
        amount: 100000,
        reason: 'already_paid',
        at: minute(3),
      },
    },
  ]);

  it('shows the amount, the donor for moderators with the anonymity members saw, and the status', () => {
    expect(foldDonation(upTo(stream, 0))).toEqual({
      kind: 'donation',
      donationId: 'd1',
      donorId: 'u1',
      anonymous: true,
      orphanId: 'o1',
      amount: 100000,
      currency: 'KES',
      method: 'card',
      status: 'pending',
      provider: null,
      references: [],
      receipt: null,
      failureReason: null,
      flagged: [],
      refunds: [],
      pledgedAt: minute(0),
    });
    expect(foldDonation(upTo(stream, 2))).toMatchObject({ status: 'paid', provider: 'stripe', references: ['pi_1'] });
  });

  it('lists a payment flagged for refund beside the paid one', () => {
    expect(foldDonation(stream)).toMatchObject({
      status: 'paid',
      references: ['pi_1', 'pi_2'],
      flagged: [{ amount: 100000, reference: 'pi_2', reason: 'already_paid', at: minute(3) }],
    });
  });
});
