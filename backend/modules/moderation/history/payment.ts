import type { HistoryRefund, PaymentStatus } from '@contract';

/** What an order's and a donation's views share: the payment's life at the provider. */
interface PaymentFacts {
  status: PaymentStatus;
  provider: string | null;
  references: string[];
  failureReason: string | null;
  flagged: { amount: number; reference: string; reason: string; at: string }[];
  refunds: HistoryRefund[];
}

const withReference = (refs: string[], reference: string) => (refs.includes(reference) ? refs : [...refs, reference]);

/** The member was sent to the provider (again): pending, under this reference. */
export const paymentRequested = <V extends PaymentFacts>(view: V, provider: string, reference: string): V => ({
  ...view,
  status: 'pending',
  failureReason: null,
  provider,
  references: withReference(view.references, reference),
});

/** Paid: the provider and reference of the payment that counted. */
export const paymentPaid = <V extends PaymentFacts>(view: V, provider: string, reference: string): V => ({
  ...view,
  status: 'paid',
  provider,
  references: withReference(view.references, reference),
});

export const paymentFailed = <V extends PaymentFacts>(view: V, reason: string): V => ({
  ...view,
  status: 'failed',
  failureReason: reason,
});

/** A payment that came but could not count (a second one, a wrong amount): kept, to give back. */
export const paymentFlagged = <V extends PaymentFacts>(
  view: V,
  flag: { amount: number; reference: string; reason: string },
  at: string,
): V => ({
  ...view,
  references: withReference(view.references, flag.reference),
  flagged: [...view.flagged, { amount: flag.amount, reference: flag.reference, reason: flag.reason, at }],
});

export const refundIssued = <V extends PaymentFacts>(view: V, refund: Omit<HistoryRefund, 'at'>, at: string): V => ({
  ...view,
  refunds: [
    ...view.refunds,
    {
      reference: refund.reference,
      amount: refund.amount,
      status: refund.status,
      refundReference: refund.refundReference,
      at,
    },
  ],
});
