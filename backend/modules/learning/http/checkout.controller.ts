import { PAYMENT_PROVIDERS, type PaymentProviders } from '@modules/payments';
import { Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { RateLimit, requestLanguage, ZodBody } from '@platform/http';
import { APP_CONFIG } from '@platform/tokens';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { CheckoutService } from '../checkout.service';
import { courseIdParam, orderIdParam } from '../commerce-facts';
import { ORDER_PAY_BUDGET } from '../limits';
import type { PaymentsConfig } from '../views';
import { checkoutSchema, payOrderSchema } from './commerce.schemas';

@Controller('api')
export class CheckoutController {
  constructor(
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly checkoutService: CheckoutService,
  ) {}

  /** Which provider takes each method, so the screen shows the right form (Stripe.js, STK push, sandbox). */
  @Get('payments/config')
  paymentsConfig(): PaymentsConfig {
    const card = this.providers.forMethod('card')?.name ?? null;
    const mpesa = this.providers.forMethod('mpesa')?.name ?? null;
    return {
      card: card as PaymentsConfig['card'],
      mpesa: mpesa as PaymentsConfig['mpesa'],
      stripePublishableKey: card === 'stripe' ? this.config.payments.stripePublishableKey : null,
      sandboxDelayMs: this.config.payments.sandbox.delayMs,
    };
  }

  @Post('checkout')
  @UseGuards(SignedInGuard)
  checkout(
    @ZodBody(checkoutSchema) body: z.output<typeof checkoutSchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.checkoutService.checkout(
      user.id,
      { ...body, courseIds: body.courseIds?.map(courseIdParam), language: requestLanguage(r) },
      requestMeta(r, user.id),
    );
  }

  /**
   * Pays a pending order again (a declined card, an STK push that never reached the phone): never a
   * new order; M-Pesa only to the number the order was placed with.
   */
  @Post('orders/:id/pay')
  @HttpCode(200)
  @RateLimit(ORDER_PAY_BUDGET)
  @UseGuards(SignedInGuard)
  payAgain(
    @Param('id') id: string,
    @ZodBody(payOrderSchema) body: z.output<typeof payOrderSchema>,
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.checkoutService.payAgain(user.id, orderIdParam(id), body, requestMeta(r, user.id));
  }
}
