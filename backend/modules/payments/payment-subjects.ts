import { Injectable } from '@nestjs/common';

import type { PaymentProvider } from './events';
import type { PaymentOutcome } from './ports/payment-provider.port';

/** What a subject knows of one of its payments, read from its own stream (never from a read model). */
export interface SubjectPayment {
  /** The providers' references this subject asked for under that id (`PaymentStart.reference`). */
  requestedReferences: readonly string[];
  /** Still waiting to be paid: a final failure closes it; once closed, a failure changes nothing. */
  awaitingPayment: boolean;
}

/**
 * Something that takes payments through the providers: an order, an orphan donation. It starts a
 * payment with its own id as `StartPayment.orderId`, records the reference the provider gave, and
 * here answers for callbacks about that id. The webhook service decides whether a callback may touch
 * the subject (verified, a reference it requested); the subject decides what the payment does to it.
 */
export interface PaymentSubject {
  /** Named in the refusal of a payment it did not request: 'order', 'donation'. */
  readonly noun: string;
  /** null when the id is none of this subject's. */
  payment(id: string): Promise<SubjectPayment | null>;
  /** A payment it requested succeeded. Recording a reference twice changes nothing (the decider's rule). */
  recordPayment(provider: PaymentProvider, outcome: PaymentOutcome): Promise<void>;
  /** A payment it requested failed for good while it was awaiting payment. */
  failPayment(provider: PaymentProvider, outcome: PaymentOutcome): Promise<void>;
}

/**
 * The providers have one webhook route each, and the sandbox one callback handler, whatever is paid:
 * the modules whose things take payments register them here at start-up (they import the payments
 * module; it never imports them). Ids are UUIDs, so at most one subject knows a payment's id.
 */
@Injectable()
export class PaymentSubjects {
  private readonly subjects: PaymentSubject[] = [];

  register(subject: PaymentSubject): void {
    if (!this.subjects.includes(subject)) this.subjects.push(subject);
  }

  /** The subject that knows this payment id, with what it knows; null when none does. */
  async find(id: string): Promise<{ subject: PaymentSubject; payment: SubjectPayment } | null> {
    for (const subject of this.subjects) {
      const payment = await subject.payment(id);
      if (payment) return { subject, payment };
    }
    return null;
  }
}
