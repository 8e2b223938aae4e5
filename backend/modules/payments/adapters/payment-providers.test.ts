import { loadConfig } from '@platform/config';
import { silentLogger } from '@platform/logging';

import { createPaymentProviders } from './payment-providers';

/** Both providers configured; nothing listens at their addresses, and choosing them asks neither. */
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};
const MPESA = {
  MPESA_BASE_URL: 'http://127.0.0.1:9',
  MPESA_CONSUMER_KEY: 'key',
  MPESA_CONSUMER_SECRET: 'secret',
  MPESA_SHORTCODE: '174379',
  MPESA_PASSKEY: 'passkey',
  MPESA_CALLBACK_URL: 'https://app.example.com/api/payments/callbacks/daraja',
};

describe('choosing the payment providers', () => {
  it('sends both methods to the sandbox when nothing is configured', async () => {
    const providers = createPaymentProviders(loadConfig({}).payments, silentLogger);
    expect(providers.forMethod('card')?.name).toBe('sandbox');
    expect(providers.forMethod('mpesa')?.name).toBe('sandbox');
    expect(providers.byName('stripe')).toBeNull();
    expect(providers.sandbox).toBe(providers.byName('sandbox'));
    await providers.close();
  });

  it('uses Stripe for cards and keeps the sandbox for M-Pesa when only Stripe is configured', async () => {
    const providers = createPaymentProviders(loadConfig(STRIPE).payments, silentLogger);
    expect(providers.forMethod('card')?.name).toBe('stripe');
    expect(providers.forMethod('mpesa')?.name).toBe('sandbox');
    await providers.close();
  });

  it('needs no sandbox when both providers are configured', async () => {
    const providers = createPaymentProviders(loadConfig({ ...STRIPE, ...MPESA }).payments, silentLogger);
    expect(providers.forMethod('card')?.name).toBe('stripe');
    expect(providers.forMethod('mpesa')?.name).toBe('mpesa');
    expect(providers.sandbox).toBeNull();
    expect(providers.byName('sandbox')).toBeNull();
    await providers.close();
  });

  it('refuses the sandbox in production unless PAYMENTS_SANDBOX_IN_PRODUCTION asks for it', async () => {
    const stripeOnly = { NODE_ENV: 'production', ...STRIPE };
    const refused = createPaymentProviders(loadConfig(stripeOnly).payments, silentLogger);
    expect(refused.forMethod('card')?.name).toBe('stripe');
    expect(refused.forMethod('mpesa')).toBeNull();
    expect(refused.sandbox).toBeNull();
    await refused.close();
    const none = createPaymentProviders(loadConfig({ NODE_ENV: 'production' }).payments, silentLogger);
    expect(none.forMethod('card')).toBeNull();
    await none.close();
    const asked = createPaymentProviders(
      loadConfig({ ...stripeOnly, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' }).payments,
      silentLogger,
    );
    expect(asked.forMethod('mpesa')?.name).toBe('sandbox');
    await asked.close();
  });
});
