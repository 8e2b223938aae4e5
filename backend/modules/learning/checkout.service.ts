import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError, fold } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import type { Logger } from '@platform/logging';
import { EVENT_STORE, LOGGER } from '@platform/tokens';

import type { PaymentProviders } from './adapters/payment-providers';
import { CommerceFacts } from './commerce-facts';
import { cartDecider, type CartState } from './domain/cart.decider';
import { formatKes } from './domain/money';
import { orderDecider, type OrderItemFacts } from './domain/order.decider';
import { type CartEvent, cartStream, orderStream, type PaymentMethod } from './events';
import { LearningClock } from './learning-clock';
import { LEARNING_MESSAGES as M } from './limits';
import { isPaymentError, methodUnavailable, paymentHttpError } from './payment-failure';
import { type ClientAction, PAYMENT_PROVIDERS } from './ports/payment-provider.port';

export interface CheckoutInput {
  method: PaymentMethod;
  /** M-Pesa: the payer's number. Given to the provider only, never recorded in an event. */
  phone?: string | undefined;
  /** What to buy; absent: the member's cart. */
  courseIds?: string[] | undefined;
  /** The sandbox's card form only (compared with its test numbers, then forgotten). */
  cardNumber?: string | undefined;
}

export interface CheckoutAnswer {
  orderId: string;
  status: 'pending';
  total: string;
  provider: 'sandbox' | 'stripe' | 'mpesa';
  clientAction: ClientAction;
}

/**
 * POST /api/checkout: places the order from the courses' own streams (titles and prices as they are
 * now, refused when owned), starts the payment with the method's provider and records its
 * reference. A provider that refuses the start closes the order as failed: nothing is left
 * pending that could block or confuse a retry, which is simply a new checkout.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
  ) {}

  async checkout(userId: string, input: CheckoutInput, meta: CommandMetadata): Promise<CheckoutAnswer> {
    const provider = this.providers.forMethod(input.method);
    if (!provider) throw methodUnavailable(input.method);
    const courseIds = input.courseIds ?? (await this.cart(userId)).items;
    if (courseIds.length === 0) throw new DomainError('VALIDATION_FAILED', M.emptyOrder, 400);
    const items = await Promise.all(courseIds.map((id) => this.itemFacts(userId, id)));
    const orderId = newId();
    const placed = await this.commands.execute(
      orderStream(orderId),
      orderDecider,
      { type: 'PlaceOrder', orderId, userId, method: input.method, items, now: this.clock.iso() },
      meta,
      { waitFor: 'none' },
    );
    const { total } = placed.state;
    let started;
    try {
      started = await provider.start({
        orderId,
        amount: total,
        method: input.method,
        phone: input.phone ?? null,
        description: description(placed.state.items.map((i) => i.title)),
        sandboxCardNumber: input.cardNumber ?? null,
      });
    } catch (error) {
      if (!isPaymentError(error)) throw error;
      this.logger.warn(
        { orderId, provider: provider.name, code: error.code, detail: error.detail },
        'payment provider refused to start a payment',
      );
      await this.commands.execute(
        orderStream(orderId),
        orderDecider,
        { type: 'FailPayment', reason: error.message, now: this.clock.iso() },
        meta,
      );
      throw paymentHttpError(error);
    }
    await this.commands.execute(
      orderStream(orderId),
      orderDecider,
      { type: 'RequestPayment', provider: started.provider, reference: started.reference, now: this.clock.iso() },
      meta,
    );
    return {
      orderId,
      status: 'pending',
      total: formatKes(total),
      provider: started.provider,
      clientAction: started.clientAction,
    };
  }

  private async cart(userId: string): Promise<CartState> {
    const events = await this.eventStore.readStream(cartStream(userId));
    return fold(
      cartDecider,
      events.map((e) => ({ type: e.type, data: e.data }) as CartEvent),
    );
  }

  private async itemFacts(userId: string, courseId: string): Promise<OrderItemFacts> {
    const course = await this.facts.course(courseId);
    return {
      courseId,
      teacherId: course.teacherId ?? '',
      title: course.details?.title ?? '',
      price: course.details?.price ?? 0,
      published: course.published,
      owned: await this.facts.owns(userId, course),
    };
  }
}

/** What the payer's statement or phone shows: the titles, shortened (the adapters cut it further to fit). */
function description(titles: string[]): string {
  const text = `DeenConnect: ${titles.join(', ')}`;
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}
