/**
 * The payment vocabulary that other modules' events carry (an order's or a donation's payment). The
 * payments module records no events of its own: what a payment did is decided and recorded by the
 * subject it pays, on that subject's stream. Published here so that projections may read it.
 */

export type PaymentMethod = 'card' | 'mpesa';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'mpesa'];
/** The adapter behind a payment (the sandbox stands in for both methods when none is configured). */
export type PaymentProvider = 'sandbox' | 'stripe' | 'mpesa';
