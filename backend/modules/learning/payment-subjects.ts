import { Injectable } from '@nestjs/common';

import type { PaymentProvider } from './events';
import type { PaymentOutcome } from './ports/payment-provider.port';

/** What a subject made of a provider's verified callback; 'unknown' when the payment is not one of its own. */
export type PaymentSubjectHandling = 'recorded' | 'ignored' | 'unknown';

/** Something else than an order that takes payments through the same providers (orphan donations). */
export interface PaymentSubject {
  /** `outcome.orderId` is the id the payment was started with (`StartPayment.orderId`). */
  apply(provider: PaymentProvider, outcome: PaymentOutcome): Promise<PaymentSubjectHandling>;
}

/**
 * The providers have one webhook route each, and the sandbox one callback handler: a verified
 * outcome that pays no order is offered to the subjects registered here, in turn. Other modules
 * register at start-up (they import the learning module; the learning module never imports them).
 */
@Injectable()
export class PaymentSubjects {
  private readonly subjects: PaymentSubject[] = [];

  register(subject: PaymentSubject): void {
    if (!this.subjects.includes(subject)) this.subjects.push(subject);
  }

  async apply(provider: PaymentProvider, outcome: PaymentOutcome): Promise<PaymentSubjectHandling> {
    for (const subject of this.subjects) {
      const handled = await subject.apply(provider, outcome);
      if (handled !== 'unknown') return handled;
    }
    return 'unknown';
  }
}
