import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { Logger } from '@platform/logging';
import { LOGGER } from '@platform/tokens';

import type { PaymentProviders } from './adapters/payment-providers';
import type { PaymentProvider } from './events';
import { isPaymentError, paymentHttpError } from './payment-failure';
import { PaymentSubjects } from './payment-subjects';
import { type IncomingWebhook, PAYMENT_PROVIDERS, type PaymentOutcome } from './ports/payment-provider.port';

export type WebhookHandling = 'recorded' | 'ignored';

/**
 * A provider's callback, verified by its adapter, handed to the subject it pays (an order, a
 * donation; see payment-subjects.ts). The outcome's reference must be one that subject asked that
 * provider for: a valid signature (or an M-Pesa URL token) proves who sent it, not that it pays this
 * subject. Idempotent: a subject's decider records a reference once, so a callback delivered twice
 * pays once.
 *
 * Card failures at Stripe leave the subject awaiting payment: Stripe reports each declined attempt
 * while the PaymentIntent stays payable with the same client secret, so the payer may try another
 * card and a later success pays. A failure reported by M-Pesa or the sandbox is final (a new STK
 * push is a new checkout or donation), so it closes the subject.
 */
@Injectable()
export class PaymentWebhooksService implements OnModuleInit {
  constructor(
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
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
    const log = { provider: name, paymentId: outcome.orderId, reference: outcome.reference };
    const found = await this.subjects.find(outcome.orderId);
    if (!found) {
      // Genuine but about nothing of ours (another environment sharing the account): nothing to do.
      this.logger.warn(log, 'payment webhook for an unknown order or donation; ignored');
      return 'ignored';
    }
    const { subject, payment } = found;
    if (outcome.provider !== name || !payment.requestedReferences.includes(outcome.reference)) {
      // Possibly the callback outran the subject's own record of the reference: the provider retries.
      this.logger.warn({ ...log, subject: subject.noun }, 'payment webhook for a reference never requested');
      throw new DomainError('PAYMENT_NOT_REQUESTED', `This payment was not requested for this ${subject.noun}`, 409);
    }
    if (outcome.status === 'succeeded') {
      await subject.recordPayment(name, outcome);
      return 'recorded';
    }
    if (name === 'stripe') {
      this.logger.info({ ...log, reason: outcome.failureReason }, 'card attempt declined; still payable');
      return 'ignored';
    }
    if (!payment.awaitingPayment) return 'ignored';
    await subject.failPayment(name, outcome);
    return 'recorded';
  }
}
