import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { RateLimit } from '@platform/http';
import type { RawBodyRequest } from '@platform/http/raw-body';

import type { PaymentProvider } from '../events';
import { PROVIDER_WEBHOOK_BUDGET } from '../limits';
import { PaymentWebhooksService } from '../payment-webhooks.service';

const PROVIDERS: readonly PaymentProvider[] = ['sandbox', 'stripe', 'mpesa'];
/** What Daraja expects back, whatever we made of the callback (it does not retry on anything else). */
const DARAJA_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' };

/**
 * The providers' callbacks. No session and no CSRF token: each is verified by its adapter over the
 * body exactly as received (`rawBody`, see platform/http/raw-body.ts), or for Daraja by the token in
 * its URL. Daraja's CallBackURL may not contain "mpesa", so its callback also answers on
 * /api/payments/callbacks/daraja.
 */
@Controller('api/payments')
@RateLimit(PROVIDER_WEBHOOK_BUDGET)
export class PaymentWebhooksController {
  constructor(private readonly webhooks: PaymentWebhooksService) {}

  @Post('callbacks/daraja')
  @HttpCode(200)
  daraja(@Req() request: RawBodyRequest) {
    return this.receive('mpesa', request);
  }

  @Post('webhooks/:provider')
  @HttpCode(200)
  webhook(@Param('provider') provider: string, @Req() request: RawBodyRequest) {
    if (!(PROVIDERS as readonly string[]).includes(provider)) throw new DomainError('NOT_FOUND', 'Not found', 404);
    return this.receive(provider as PaymentProvider, request);
  }

  private async receive(provider: PaymentProvider, request: RawBodyRequest) {
    const handled = await this.webhooks.handle(provider, {
      rawBody: request.rawBody ?? Buffer.alloc(0),
      headers: request.headers,
      url: request.url,
    });
    return provider === 'mpesa' ? DARAJA_ACCEPTED : { received: true, handled };
  }
}
