import type { SandboxPayments } from '../adapters/sandbox.payments';
import type { PaymentMethod } from '../events';
import type { IncomingWebhook } from '../ports/payment-provider.port';

export interface SandboxCallback {
  /** The subject's id the payment was started with (an order's or a donation's). */
  orderId: string;
  reference: string;
  /** KES cents the callback reports. */
  amount: number;
  status?: 'succeeded' | 'failed';
  method?: PaymentMethod;
  /** Defaults to the sandbox's card decline for a failure. */
  failureReason?: string | null;
  receipt?: string | null;
}

/**
 * A callback signed with the app's sandbox secret, as the sandbox sends its own: what a test replays,
 * forges (a reference never requested, another subject's id) or tampers with after signing.
 */
export function sandboxCallback(sandbox: SandboxPayments, callback: SandboxCallback): IncomingWebhook {
  const status = callback.status ?? 'succeeded';
  return sandbox.signedWebhook({
    id: `evt_${callback.reference}_${status}`,
    type: 'sandbox.payment',
    created: 0,
    data: {
      reference: callback.reference,
      orderId: callback.orderId,
      method: callback.method ?? 'card',
      status,
      amount: callback.amount,
      failureReason: callback.failureReason ?? (status === 'failed' ? 'Your card was declined' : null),
      receipt: callback.receipt ?? null,
    },
  });
}
