import {
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentSubject,
  PaymentSubjects,
  type SubjectPayment,
} from '@modules/payments';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';

import { CommerceFacts } from './commerce-facts';
import { orderDecider } from './domain/order.decider';
import { orderStream } from './events';
import { LearningClock } from './learning-clock';

/**
 * A course order as a payment subject: the payments module's webhook service hands it the verified
 * callbacks about its own payments (`OrderPaymentRequested` references), and it becomes the order's
 * `RecordPayment` or `FailPayment`. What a payment does to the order (paid, flagged for a refund when
 * the amount is wrong or the order already closed) is the order decider's rule.
 */
@Injectable()
export class OrderPayments implements PaymentSubject, OnModuleInit {
  readonly noun = 'order';

  constructor(
    private readonly subjects: PaymentSubjects,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
  ) {}

  onModuleInit() {
    this.subjects.register(this);
  }

  async payment(orderId: string): Promise<SubjectPayment | null> {
    const order = await this.facts.order(orderId);
    if (!order.status) return null;
    return { requestedReferences: order.requestedReferences, awaitingPayment: order.status === 'pending' };
  }

  async recordPayment(provider: PaymentProvider, outcome: PaymentOutcome): Promise<void> {
    await this.commands.execute(
      orderStream(outcome.orderId),
      orderDecider,
      { type: 'RecordPayment', provider, reference: outcome.reference, amount: outcome.amount, now: this.clock.iso() },
      { actor: null, causationId: outcome.reference },
    );
  }

  async failPayment(_provider: PaymentProvider, outcome: PaymentOutcome): Promise<void> {
    await this.commands.execute(
      orderStream(outcome.orderId),
      orderDecider,
      { type: 'FailPayment', reason: outcome.failureReason ?? 'Payment failed', now: this.clock.iso() },
      { actor: null, causationId: outcome.reference },
    );
  }
}
