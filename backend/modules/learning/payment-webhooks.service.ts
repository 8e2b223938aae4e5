import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { Logger } from '@platform/logging';
import { LOGGER } from '@platform/tokens';

import type { PaymentProviders } from './adapters/payment-providers';
import { CommerceFacts } from './commerce-facts';
import { orderDecider } from './domain/order.decider';
import { orderStream, type PaymentProvider } from './events';
import { LearningClock } from './learning-clock';
import { isPaymentError, paymentHttpError } from './payment-failure';
import { PaymentSubjects } from './payment-subjects';
import { type IncomingWebhook, PAYMENT_PROVIDERS, type PaymentOutcome } from './ports/payment-provider.port';

export type WebhookHandling = 'recorded' | 'ignored';

/**
 * A provider's callback, verified by its adapter, becomes the order's RecordPayment or FailPayment.
 * The outcome's reference must be one this order asked that provider for: a valid signature (or an
 * M-Pesa URL token) proves who sent it, not that it pays this order. Idempotent: the order decider
 * records a reference once, so a callback delivered twice pays (and enrols) once.
 *
 * Card failures at Stripe leave the order pending: Stripe reports each declined attempt while the
 * PaymentIntent stays payable with the same client secret, so the payer may try another card and a
 * later success pays the order. A failure reported by M-Pesa or the sandbox is final (a new STK push
 * is a new checkout), so it closes the order.
 */
@Injectable()
export class PaymentWebhooksService implements OnModuleInit {
  constructor(
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
    private readonly subjects: PaymentSubjects,
  ) {}

  /** The sandbox calls back through the same handler as a real provider's webhook. */
  onModuleInit() {
    this.providers.sandbox?.deliverTo(async (webhook) => {
      await this.handle('sandbox', webhook);
    });
  }

  async handle(name: PaymentProvider, webhook: IncomingWebhook): Promise<WebhookHandling> {
    const provider = this.providers.byName(name);
    if (!provider) throw new DomainError('NOT_FOUND', 'This payment provider is not configured', 404);
    let result;
    try {
      result = await provider.parseWebhook(webhook);
    } catch (error) {
      if (!isPaymentError(error)) throw error;
      this.logger.warn({ provider: name, reason: error.message }, 'payment webhook rejected');
      throw paymentHttpError(error);
    }
    if (result.kind === 'ignored') return 'ignored';
    return this.apply(name, result.outcome);
  }

  private async apply(name: PaymentProvider, outcome: PaymentOutcome): Promise<WebhookHandling> {
    const log = { provider: name, orderId: outcome.orderId, reference: outcome.reference };
    const order = await this.facts.order(outcome.orderId);
    if (!order.status) {
      // Not an order: perhaps another subject's payment (an orphan donation).
      const handled = await this.subjects.apply(name, outcome);
      if (handled !== 'unknown') return handled;
      // Genuine but about no order of ours (another environment sharing the account): nothing to do.
      this.logger.warn(log, 'payment webhook for an unknown order; ignored');
      return 'ignored';
    }
    if (outcome.provider !== name || !order.requestedReferences.includes(outcome.reference)) {
      // Possibly the callback outran the checkout's own record of the reference: the provider retries.
      this.logger.warn(log, 'payment webhook for a reference this order did not request');
      throw new DomainError('PAYMENT_NOT_REQUESTED', 'This payment was not requested for this order', 409);
    }
    const meta = { actor: null, causationId: outcome.reference };
    if (outcome.status === 'succeeded') {
      await this.commands.execute(
        orderStream(outcome.orderId),
        orderDecider,
        {
          type: 'RecordPayment',
          provider: name,
          reference: outcome.reference,
          amount: outcome.amount,
          now: this.clock.iso(),
        },
        meta,
      );
      return 'recorded';
    }
    if (name === 'stripe') {
      this.logger.info({ ...log, reason: outcome.failureReason }, 'card attempt declined; the order stays payable');
      return 'ignored';
    }
    if (order.status !== 'pending') return 'ignored';
    await this.commands.execute(
      orderStream(outcome.orderId),
      orderDecider,
      { type: 'FailPayment', reason: outcome.failureReason ?? 'Payment failed', now: this.clock.iso() },
      meta,
    );
    return 'recorded';
  }
}
