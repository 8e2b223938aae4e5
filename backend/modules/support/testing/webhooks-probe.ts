import type { IncomingWebhook } from '@modules/payments';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';

/** Delivers a provider's signed callback to the app's webhook route, as the provider would. */
export class PaymentWebhooksProbe {
  constructor(private readonly rt: Runtime) {}

  async deliver(hook: IncomingWebhook, times = 1): Promise<void> {
    for (let i = 0; i < times; i++)
      await request(this.rt.http!.getHttpServer())
        .post('/api/payments/webhooks/sandbox')
        .set(hook.headers as Record<string, string>)
        .send(hook.rawBody as string)
        .expect(200);
  }
}
