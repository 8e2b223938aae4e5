import {
  type ClientAction,
  isPaymentError,
  methodUnavailable,
  normaliseMpesaPhone,
  PAYMENT_PROVIDERS,
  paymentHttpError,
  type PaymentProviderPort,
  type PaymentProviders,
} from '@modules/payments';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError, fold } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import type { ServerSecret } from '@platform/http/security/server-secret';
import { newId } from '@platform/ids';
import type { Logger } from '@platform/logging';
import { formatKes } from '@platform/money';
import { APP_CONFIG, EVENT_STORE, LOGGER, SERVER_SECRET } from '@platform/tokens';

import { CheckoutHolds } from './checkout-holds';
import { CheckoutRefusals } from './checkout-refusals';
import { CommerceFacts } from './commerce-facts';
import { cartDecider, type CartState } from './domain/cart.decider';
import { OrderPendingError, PriceChangedError } from './domain/checkout.decider';
import { orderDecider, type OrderItemFacts, type OrderState } from './domain/order.decider';
import { type CartEvent, cartStream, type OrderEvent, orderStream, type PaymentMethod } from './events';
import { LearningClock } from './learning-clock';
import { LEARNING_MESSAGES as M } from './limits';

type PlacedEvent = Extract<OrderEvent, { type: 'OrderPlaced' }>;

/** Beyond the provider's own timeout, the time a payer takes to answer (an STK push's PIN). */
export const PAY_AGAIN_MARGIN_MS = 60_000;

const notPending = () => new DomainError('ORDER_NOT_PENDING', M.orderNotPending, 409);

export interface CheckoutInput {
  method: PaymentMethod;
  /** M-Pesa: the payer's number. Given to the provider only, never recorded in an event. */
  phone?: string | undefined;
  /** What to buy; absent: the member's cart. */
  courseIds?: string[] | undefined;
  /** The sandbox's card form only (compared with its test numbers, then forgotten). */
  cardNumber?: string | undefined;
  /** The language the member checks out in: their receipt's. */
  language?: 'en' | 'ar' | undefined;
  /** KES cents: the total the member's screen showed. Another total now is 409 PRICE_CHANGED. */
  expectedTotal: number;
}

/** Paying a pending order again: the order keeps its method, items and total. */
export interface PayAgainInput {
  phone?: string | undefined;
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
 * now, refused when owned, when the total is not the one the member saw, or when a course is in
 * another of their orders still waiting for payment), starts the payment with the method's provider
 * and records its reference. A provider that refuses the start closes the order as failed: nothing
 * is left pending that could block or confuse a retry, which is simply a new checkout.
 *
 * POST /api/orders/:id/pay starts the payment of a pending order again: the same order, never a
 * second one. With Stripe it is the same PaymentIntent (same idempotency key, same client secret),
 * which is how a declined card is retried.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly holds: CheckoutHolds,
    private readonly refusals: CheckoutRefusals,
    private readonly clock: LearningClock,
    @Inject(SERVER_SECRET) private readonly secret: ServerSecret,
  ) {}

  async checkout(userId: string, input: CheckoutInput, meta: CommandMetadata): Promise<CheckoutAnswer> {
    const provider = this.providers.forMethod(input.method);
    if (!provider) throw methodUnavailable(input.method);
    const courseIds = input.courseIds ?? (await this.cart(userId)).items;
    if (courseIds.length === 0) throw new DomainError('VALIDATION_FAILED', M.emptyOrder, 400);
    const items = await Promise.all(courseIds.map((id) => this.itemFacts(userId, id)));
    const orderId = newId();
    const now = this.clock.iso();
    // The items' own refusals (unknown, owned, free, duplicated) come first, before anything is written.
    const [placed] = orderDecider.decide(orderDecider.initialState(), {
      type: 'PlaceOrder',
      orderId,
      userId,
      method: input.method,
      items,
      now,
      ...(input.language ? { language: input.language } : {}),
    });
    try {
      await this.holds.reserveAndPlace(userId, placed as PlacedEvent, input.expectedTotal, now, meta);
    } catch (error) {
      if (error instanceof OrderPendingError || error instanceof PriceChangedError)
        throw await this.refusals.answer(error, userId);
      throw error;
    }
    return this.startPayment(orderDecider.evolve(orderDecider.initialState(), placed!), provider, input, meta, true);
  }

  async payAgain(
    userId: string,
    orderId: string,
    input: PayAgainInput,
    meta: CommandMetadata,
  ): Promise<CheckoutAnswer> {
    const order = await this.facts.order(orderId);
    if (!order.status || order.userId !== userId) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
    const due = Date.parse(order.placedAt!) + this.config.orders.pendingTtlMs;
    // Close to its time, a payment started now could outlive the order (a provider call of up to
    // PAYMENTS_TIMEOUT_MS, then the payer's PIN): it would only be given back, so none is started.
    const lastStart = due - this.config.payments.timeoutMs - PAY_AGAIN_MARGIN_MS;
    if (order.status !== 'pending' || this.clock.now().getTime() >= lastStart) throw notPending();
    const provider = this.providers.forMethod(order.method!);
    if (!provider) throw methodUnavailable(order.method!);
    // The STK push goes to the number the order was placed with: a pending order is not a way to
    // send payment prompts to anyone's phone. (Unreadable numbers are the provider's 400.)
    const payer = this.payerOf(order.method!, input.phone);
    if (order.payer && payer && payer !== order.payer) throw new DomainError('PAYER_CHANGED', M.payerChanged, 409);
    return this.startPayment(order, provider, input, meta, false);
  }

  /**
   * A provider that refuses a first start closes the order (a retry is a new checkout); one that
   * refuses a second start leaves it pending, since its first payment may still be under way.
   */
  private async startPayment(
    order: OrderState,
    provider: PaymentProviderPort,
    input: PayAgainInput,
    meta: CommandMetadata,
    failOnRefusal: boolean,
  ): Promise<CheckoutAnswer> {
    const orderId = order.orderId!;
    let started;
    try {
      started = await provider.start({
        orderId,
        amount: order.total,
        method: order.method!,
        phone: input.phone ?? null,
        description: description(order.items.map((i) => i.title)),
        sandboxCardNumber: input.cardNumber ?? null,
      });
    } catch (error) {
      if (!isPaymentError(error)) throw error;
      this.logger.warn(
        { orderId, provider: provider.name, code: error.code, detail: error.detail },
        'payment provider refused to start a payment',
      );
      if (failOnRefusal)
        await this.commands.execute(
          orderStream(orderId),
          orderDecider,
          { type: 'FailPayment', reason: error.message, now: this.clock.iso() },
          meta,
        );
      throw paymentHttpError(error);
    }
    // Recorded even if the order closed meanwhile (expired, failed, paid): a success of this payment
    // is then ours to flag and give back, never a callback refused as not requested.
    const { state } = await this.commands.execute(
      orderStream(orderId),
      orderDecider,
      {
        type: 'RequestPayment',
        provider: started.provider,
        reference: started.reference,
        now: this.clock.iso(),
        payer: this.payerOf(order.method!, input.phone),
      },
      meta,
    );
    if (state.status !== 'pending') throw notPending();
    return {
      orderId,
      status: 'pending',
      total: formatKes(order.total),
      provider: started.provider,
      clientAction: started.clientAction,
    };
  }

  /**
   * M-Pesa: the payer's number as a digest keyed by the server secret (a phone number alone has
   * too few digits to hide behind a plain hash); null for cards or a number the provider will refuse.
   */
  private payerOf(method: PaymentMethod, phone: string | undefined): string | null {
    if (method !== 'mpesa' || !phone) return null;
    try {
      return this.secret.sign('order-payer', normaliseMpesaPhone('mpesa', phone));
    } catch (error) {
      if (isPaymentError(error)) return null;
      throw error;
    }
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
