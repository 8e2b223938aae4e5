import { randomBytes } from 'node:crypto';

import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/logging';

import type { PaymentMethod, PaymentProvider } from '../events';
import type { PaymentProviderPort } from '../ports/payment-provider.port';
import { MpesaPayments } from './mpesa.payments';
import { SandboxPayments } from './sandbox.payments';
import type * as StripeModule from './stripe.payments';

/** The adapters the app uses: one per method, and each by name for its webhook route and refunds. */
export interface PaymentProviders {
  /** null: no provider takes this method here (production without one, and the sandbox not asked for). */
  forMethod(method: PaymentMethod): PaymentProviderPort | null;
  /** The adapter that took a payment (`OrderPaid.provider`), for its webhook and refund; null if not configured. */
  byName(name: PaymentProvider): PaymentProviderPort | null;
  /** Present when a method falls back to the sandbox: the composition root plugs the webhook handler into it. */
  sandbox: SandboxPayments | null;
  close(): Promise<void>;
}

/**
 * Chooses the adapters from the configuration: Stripe for cards and Daraja for M-Pesa when
 * configured, the sandbox for any method without a provider, except in production where the
 * sandbox runs only when PAYMENTS_SANDBOX_IN_PRODUCTION asks for it (it would give courses away).
 */
export function createPaymentProviders(config: AppConfig['payments'], logger: Logger): PaymentProviders {
  const { timeoutMs } = config;
  let stripe: PaymentProviderPort | null = null;
  if (config.stripe) {
    // Stripe's SDK loads only when Stripe is configured (as the S3 client does in create-blob-store).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { StripePayments } = require('./stripe.payments') as typeof StripeModule;
    stripe = new StripePayments({ ...config.stripe, timeoutMs, logger });
  }
  const mpesa = config.mpesa ? new MpesaPayments({ ...config.mpesa, timeoutMs, logger }) : null;
  const sandbox =
    (stripe && mpesa) || !config.sandboxAllowed
      ? null
      : new SandboxPayments({
          // Random per process when unset: the sandbox only ever verifies the callbacks it signed itself.
          secret: config.sandbox.secret ?? randomBytes(32).toString('hex'),
          delayMs: config.sandbox.delayMs,
          logger,
        });
  const byName: Record<PaymentProvider, PaymentProviderPort | null> = { stripe, mpesa, sandbox };
  return {
    forMethod: (method) => (method === 'card' ? (stripe ?? sandbox) : (mpesa ?? sandbox)),
    byName: (name) => byName[name],
    sandbox,
    close: async () => {
      await Promise.all([stripe, mpesa, sandbox].map((p) => p?.close()));
    },
  };
}
