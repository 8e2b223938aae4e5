import {
  type PaymentOutcome,
  type PaymentSubject,
  type PaymentSubjectHandling,
  PaymentSubjects,
} from '@modules/learning';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { Logger } from '@platform/logging';
import { LOGGER } from '@platform/tokens';

import { donationDecider } from './domain/donation.decider';
import { donationStream, type PaymentProvider } from './events';
import { SupportFacts } from './support-facts';

/**
 * A provider's verified callback about a donation (the learning webhook routes hand over what pays
 * no order). As for orders: the reference must be one this donation asked that provider for, and
 * the decider records a reference once, so a replayed webhook changes nothing. A card decline at
 * Stripe leaves the donation payable (the donor may try another card); M-Pesa's and the sandbox's
 * failures are final.
 */
@Injectable()
export class DonationPayments implements PaymentSubject, OnModuleInit {
  constructor(
    private readonly subjects: PaymentSubjects,
    private readonly commands: CommandExecutor,
    private readonly facts: SupportFacts,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.subjects.register(this);
  }

  async apply(name: PaymentProvider, outcome: PaymentOutcome): Promise<PaymentSubjectHandling> {
    const donation = await this.facts.donation(outcome.orderId);
    if (!donation.status) return 'unknown';
    const log = { provider: name, donationId: outcome.orderId, reference: outcome.reference };
    if (outcome.provider !== name || !donation.requested.includes(outcome.reference)) {
      // Possibly the callback outran the donate request's own record of the reference: the provider retries.
      this.logger.warn(log, 'payment webhook for a reference this donation did not request');
      throw new DomainError('PAYMENT_NOT_REQUESTED', 'This payment was not requested for this donation', 409);
    }
    const meta = { actor: null, causationId: outcome.reference };
    const stream = donationStream(outcome.orderId);
    const at = new Date().toISOString();
    if (outcome.status === 'succeeded') {
      await this.commands.execute(
        stream,
        donationDecider,
        {
          type: 'RecordPayment',
          provider: name,
          reference: outcome.reference,
          amount: outcome.amount,
          receipt: outcome.receipt,
          now: at,
        },
        meta,
      );
      return 'recorded';
    }
    if (name === 'stripe') {
      this.logger.info({ ...log, reason: outcome.failureReason }, 'card attempt declined; the donation stays payable');
      return 'ignored';
    }
    if (donation.status !== 'pending') return 'ignored';
    await this.commands.execute(
      stream,
      donationDecider,
      { type: 'FailPayment', reason: outcome.failureReason ?? 'Payment failed', now: at },
      meta,
    );
    return 'recorded';
  }
}
