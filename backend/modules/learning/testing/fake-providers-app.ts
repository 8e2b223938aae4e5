import { type FakeDarajaServer, startFakeDarajaServer } from '@modules/payments/testing/fake-daraja-server';
import { type FakeStripeServer, startFakeStripeServer } from '@modules/payments/testing/fake-stripe-server';
import { type Member, registerMember } from '@testing/members';
import { useRuntime } from '@testing/profiles';

import type { Runtime } from '../../../src/runtime';

export interface FakeProvidersApp {
  rt: Runtime;
  stripe: FakeStripeServer;
  daraja: FakeDarajaServer;
  /** A member whose courses the tests sell. */
  teacher: Member;
}

/**
 * The app (on the API suites' profile) with cards on Stripe and M-Pesa on Daraja, both pointed at their fake servers,
 * for the tests of the real providers' paths. Call it in a describe block: it starts everything
 * before the block's tests and stops it after; the fields are set once the tests run.
 */
export function withFakeProviders(): FakeProvidersApp {
  const app = {} as FakeProvidersApp;
  beforeAll(async () => {
    [app.stripe, app.daraja] = await Promise.all([startFakeStripeServer(), startFakeDarajaServer()]);
  }, 60_000);
  const rt = useRuntime(() => ({
    STRIPE_SECRET_KEY: app.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: app.stripe.webhookSecret,
    STRIPE_API_BASE: app.stripe.apiBase,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_deenconnect',
    MPESA_BASE_URL: app.daraja.baseUrl,
    MPESA_CONSUMER_KEY: app.daraja.consumerKey,
    MPESA_CONSUMER_SECRET: app.daraja.consumerSecret,
    MPESA_SHORTCODE: app.daraja.shortcode,
    MPESA_PASSKEY: app.daraja.passkey,
    MPESA_CALLBACK_URL: 'https://app.example.test/api/payments/callbacks/daraja',
  }));
  beforeAll(async () => {
    app.rt = rt();
    app.teacher = await registerMember(app.rt);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([app.stripe?.close(), app.daraja?.close()]);
  }, 60_000);
  return app;
}
