import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { DonationEvent } from '../events';
import { type DonationCommand, donationDecider } from './donation.decider';

const T = '2026-11-25T10:00:00.000Z';
const pledge = (over: Partial<Extract<DonationCommand, { type: 'Pledge' }>> = {}): DonationCommand => ({
  type: 'Pledge',
  donationId: 'd1',
  donorId: 'u1',
  amount: 1000_00,
  method: 'mpesa',
  orphanId: 'o1',
  isAnonymous: true,
  paused: false,
  orphanExists: true,
  maxAmount: 100_000_00,
  now: T,
  ...over,
});
const pledged: DonationEvent = {
  type: 'DonationPledged',
  data: {
    donationId: 'd1',
    donorId: 'u1',
    amount: 1000_00,
    currency: 'KES',
    method: 'mpesa',
    orphanId: 'o1',
    isAnonymous: true,
    at: T,
  },
};
const requested: DonationEvent = {
  type: 'DonationPaymentRequested',
  data: { donationId: 'd1', provider: 'sandbox', reference: 'sbx_1', at: T },
};
const record = (amount = 1000_00, reference = 'sbx_1'): DonationCommand => ({
  type: 'RecordPayment',
  provider: 'sandbox',
  reference,
  amount,
  receipt: 'R1',
  now: T,
});
const spec = DeciderSpec.for(donationDecider);

describe('donation decider', () => {
  it('pledges a donation while open, keeping the donor even when anonymous', () => {
    spec.when(pledge()).then([pledged]);
  });

  it('refuses while paused (409), amounts not above 0 or over the ceiling (400), an unknown orphan (404)', () => {
    spec.when(pledge({ paused: true })).thenThrows({ status: 409, code: 'DONATIONS_PAUSED' });
    spec.when(pledge({ amount: 0 })).thenThrows({ status: 400, message: 'The amount must be above 0' });
    spec.when(pledge({ amount: -100 })).thenThrows({ status: 400 });
    spec.when(pledge({ amount: Number.NaN })).thenThrows({ status: 400 });
    spec
      .when(pledge({ amount: 100_000_01 }))
      .thenThrows({ status: 400, message: 'The amount must be at most KSh 100,000' });
    spec.when(pledge({ amount: 100_000_00 })).then((events) => expect(events).toHaveLength(1));
    spec.when(pledge({ orphanExists: false })).thenThrows({ status: 404, code: 'ORPHAN_NOT_FOUND' });
    spec.when(pledge({ orphanId: null, orphanExists: false })).then((e) => expect(e).toHaveLength(1));
    spec.given([pledged]).when(pledge()).thenThrows({ status: 409 });
  });

  it('is paid once by the reference it asked for; a replay decides nothing', () => {
    const paid = spec
      .given([pledged, requested])
      .when(record())
      .then([
        {
          type: 'DonationPaid',
          data: {
            donationId: 'd1',
            donorId: 'u1',
            amount: 1000_00,
            orphanId: 'o1',
            isAnonymous: true,
            provider: 'sandbox',
            reference: 'sbx_1',
            receipt: 'R1',
            at: T,
          },
        },
      ]);
    expect(paid.state.status).toBe('paid');
    spec
      .given([pledged, requested, ...paid.events])
      .when(record())
      .thenNothingHappened();
  });

  it('flags money that does not pay the pledge as it stands', () => {
    spec
      .given([pledged, requested])
      .when(record(999_00))
      .then([
        expect.objectContaining({
          type: 'DonationPaymentFlagged',
          data: expect.objectContaining({ reason: 'amount_mismatch' }),
        }),
      ]);
    const paid = spec.given([pledged, requested]).when(record()).decide().events;
    spec
      .given([pledged, requested, ...paid])
      .when(record(1000_00, 'sbx_2'))
      .then([expect.objectContaining({ data: expect.objectContaining({ reason: 'already_paid' }) })]);
    const failed = spec
      .given([pledged])
      .when({ type: 'FailPayment', reason: 'Request cancelled by user', now: T })
      .decide();
    expect(failed.state).toMatchObject({ status: 'failed', failureReason: 'Request cancelled by user' });
    spec
      .given([pledged, ...failed.events])
      .when(record())
      .then([expect.objectContaining({ data: expect.objectContaining({ reason: 'donation_closed' }) })]);
    spec
      .given([pledged, ...failed.events])
      .when({ type: 'FailPayment', reason: 'again', now: T })
      .thenNothingHappened();
  });

  it('records the refund of a flagged payment once, and of nothing else', () => {
    const flagged = spec.given([pledged, requested]).when(record(1_00)).decide().events;
    const refund: DonationCommand = {
      type: 'RecordRefund',
      reference: 'sbx_1',
      status: 'refunded',
      refundReference: 're_1',
      message: null,
      now: T,
    };
    const issued = spec
      .given([pledged, requested, ...flagged])
      .when(refund)
      .then([
        {
          type: 'DonationRefundIssued',
          data: {
            donationId: 'd1',
            provider: 'sandbox',
            reference: 'sbx_1',
            amount: 1_00,
            status: 'refunded',
            refundReference: 're_1',
            message: null,
            at: T,
          },
        },
      ]);
    spec
      .given([pledged, requested, ...flagged, ...issued.events])
      .when(refund)
      .thenNothingHappened();
    spec.given([pledged, requested]).when(refund).thenNothingHappened();
  });

  it('records a payment request only while pending, once per reference', () => {
    const req: DonationCommand = { type: 'RequestPayment', provider: 'sandbox', reference: 'sbx_1', now: T };
    spec.given([pledged]).when(req).then([requested]);
    spec.given([pledged, requested]).when(req).thenNothingHappened();
    spec.when(req).thenThrows({ status: 409 });
  });
});
