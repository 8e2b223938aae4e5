import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type FakeDarajaServer, startFakeDarajaServer } from '@modules/payments/testing/fake-daraja-server';
import { type FakeStripeServer, startFakeStripeServer } from '@modules/payments/testing/fake-stripe-server';
import { loadConfig } from '@platform/config';
import { createLogger } from '@platform/logging';
import { type Member, registerMember } from '@testing/members';
import { API_TEST_ENV } from '@testing/profiles';

import { type Runtime, startRuntime } from '../../../src/runtime';

export interface FakeProvidersApp {
  rt: Runtime;
  stripe: FakeStripeServer;
  daraja: FakeDarajaServer;
  /** A member whose courses the tests sell. */
  teacher: Member;
}

/**
 * The app (embedded) with cards on Stripe and M-Pesa on Daraja, both pointed at their fake servers,
 * for the tests of the real providers' paths. Call it in a describe block: it starts everything
 * before the block's tests and stops it after; the fields are set once the tests run.
 */
export function withFakeProviders(): FakeProvidersApp {
  const app = {} as FakeProvidersApp;
  let dir: string | undefined;
  beforeAll(async () => {
    [app.stripe, app.daraja] = await Promise.all([startFakeStripeServer(), startFakeDarajaServer()]);
    dir = mkdtempSync(join(tmpdir(), 'dc-api-'));
    const { stripe, daraja } = app;
    const config = loadConfig({
      ...API_TEST_ENV,
      DATA_DIR: dir,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_deenconnect',
      MPESA_BASE_URL: daraja.baseUrl,
      MPESA_CONSUMER_KEY: daraja.consumerKey,
      MPESA_CONSUMER_SECRET: daraja.consumerSecret,
      MPESA_SHORTCODE: daraja.shortcode,
      MPESA_PASSKEY: daraja.passkey,
      MPESA_CALLBACK_URL: 'https://app.example.test/api/payments/callbacks/daraja',
    });
    app.rt = await startRuntime(config, createLogger('silent'));
    app.teacher = await registerMember(app.rt);
  }, 60_000);
  afterAll(async () => {
    await app.rt?.shutdown();
    await Promise.all([app.stripe?.close(), app.daraja?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  return app;
}
