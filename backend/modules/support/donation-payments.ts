import {
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentSubject,
  PaymentSubjects,
  type SubjectPayment,
} from '@modules/payments';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';

import { donationDecider } from './domain/donation.decider';
import { donationStream } from './events';
import { SupportFacts } from './support-facts';

/**
 * A donation as a payment subject: the payments module's webhook service hands it the verified
 * callbacks about its own payments (a donation starts its payment with `orderId: donationId`), and it
 * becomes the donation's `RecordPayment` or `FailPayment`. The decider records a reference once, so a
 * replayed webhook changes nothing.
 */
@Injectable()
export class DonationPayments implements PaymentSubject, OnModuleInit {
  readonly noun = 'donation';

  constructor(
    private readonly subjects: PaymentSubjects,
    private readonly commands: CommandExecutor,
    private readonly facts: SupportFacts,
  ) {}

  onModuleInit() {
    this.subjects.register(this);
  }

  async payment(donationId: string): Promise<SubjectPayment | null> {
    const donation = await this.facts.donation(donationId);
    if (!donation.status) return null;
    return { requestedReferences: donation.requested, awaitingPayment: donation.status === 'pending' };
  }

  async recordPayment(provider: PaymentProvider, outcome: PaymentOutcome): Promise<void> {
    const { reference, amount, receipt } = outcome;
    await this.commands.execute(
      donationStream(outcome.orderId),
      donationDecider,
      { type: 'RecordPayment', provider, reference, amount, receipt, now: new Date().toISOString() },
      { actor: null, causationId: reference },
    );
  }

  async failPayment(_provider: PaymentProvider, outcome: PaymentOutcome): Promise<void> {
    await this.commands.execute(
      donationStream(outcome.orderId),
      donationDecider,
      { type: 'FailPayment', reason: outcome.failureReason ?? 'Payment failed', now: new Date().toISOString() },
      { actor: null, causationId: outcome.reference },
    );
  }
}
