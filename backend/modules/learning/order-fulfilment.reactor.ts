import { MailService } from '@modules/mail';
import { isPaymentError, PAYMENT_PROVIDERS, type PaymentProviders } from '@modules/payments';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { DomainError } from '@platform/decider/decider';
import { handleCommand } from '@platform/decider/handle-command';
import { loadStream } from '@platform/decider/load-stream';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { Logger } from '@platform/logging';
import { HostedLogReactor } from '@platform/reactors/hosted-log-reactor';
import type { ReadModels } from '@platform/read-models';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { APP_CONFIG, EVENT_STORE, LOGGER, READ_MODELS, READ_STORE } from '@platform/tokens';

import { cartDecider } from './domain/cart.decider';
import { enrolmentDecider } from './domain/enrolment.decider';
import { orderDecider, type OrderState } from './domain/order.decider';
import { cartStream, enrolmentStream, type OrderEvent, orderStream } from './events';
import { LearningClock } from './learning-clock';
import { OrderReceipts } from './order-receipts';

type Recorded<T extends OrderEvent['type']> = RecordedEvent<Extract<OrderEvent, { type: T }>['data']>;

export const ORDER_FULFILMENT = 'learning-order-fulfilment';

/**
 * What follows a payment, driven by the log so that it survives a crash between the webhook and
 * the enrolment: a paid order enrols its buyer in each course (source: the order) and takes those
 * courses out of the cart; a refunded order revokes the enrolments it granted and gives the money
 * back; a flagged payment (wrong amount, second payment, closed order) is given back, and so is a
 * paid order whose every course its buyer already owned (two checkouts of one cart). Every step is
 * idempotent (the deciders decide nothing the second time; a refund already recorded is not asked
 * for again, and providers refund a payment once), so an event handled twice changes nothing more.
 */
export class OrderFulfilment {
  constructor(
    private readonly eventStore: EventStore,
    private readonly providers: PaymentProviders,
    private readonly logger: Logger,
    private readonly now: () => string,
    /** The buyer's receipt by mail once the order enrolled them (none where no mail is wired: unit tests). */
    private readonly receipts: Pick<OrderReceipts, 'send'> | null = null,
  ) {}

  readonly handles = ['OrderPaid', 'OrderRefunded', 'OrderPaymentFlagged'] as const;

  async handle(event: RecordedEvent): Promise<void> {
    const meta = { actor: null, causationId: event.id, correlationId: event.metadata.correlationId };
    switch (event.type) {
      case 'OrderPaid':
        return this.paid(event as Recorded<'OrderPaid'>, meta);
      case 'OrderRefunded':
        return this.refunded(event as Recorded<'OrderRefunded'>, meta);
      case 'OrderPaymentFlagged': {
        const { orderId, reference } = (event as Recorded<'OrderPaymentFlagged'>).data;
        return this.giveBack(orderId, reference, meta);
      }
    }
  }

  private async paid({ data }: Recorded<'OrderPaid'>, meta: Meta) {
    const order = await this.order(data.orderId);
    let ownedElsewhere = 0;
    for (const item of order.items) {
      const { state } = await handleCommand(
        this.eventStore,
        enrolmentStream(item.courseId, data.userId),
        enrolmentDecider,
        {
          type: 'Enrol',
          courseId: item.courseId,
          userId: data.userId,
          teacherId: item.teacherId,
          source: { kind: 'order', orderId: data.orderId },
          // Bought is bought: a course unlisted since checkout is still the buyer's.
          course: { published: true, free: false },
          now: data.paidAt,
        },
        meta,
      );
      const source = state.source;
      if (!(source?.kind === 'order' && source.orderId === data.orderId)) ownedElsewhere++;
    }
    if (order.items.length > 0 && ownedElsewhere === order.items.length) {
      // Two checkouts of the same courses, both paid: this one bought nothing, so it is given back whole.
      await this.refundDuplicate(data.orderId, data.userId, meta);
      return;
    }
    await handleCommand(
      this.eventStore,
      cartStream(data.userId),
      cartDecider,
      {
        type: 'EmptyCartAfterPurchase',
        userId: data.userId,
        orderId: data.orderId,
        courseIds: data.courseIds,
        now: data.paidAt,
      },
      meta,
    );
    // Last, and never in the way: a mail that cannot be queued is logged, the order is fulfilled.
    await this.receipts?.send(order, data).catch((err: unknown) => {
      this.logger.warn({ err, orderId: data.orderId }, 'order receipt not queued');
    });
  }

  private async refunded({ data }: Recorded<'OrderRefunded'>, meta: Meta) {
    for (const courseId of data.courseIds)
      await handleCommand(
        this.eventStore,
        enrolmentStream(courseId, data.userId),
        enrolmentDecider,
        { type: 'RevokeEnrolment', orderId: data.orderId, now: data.refundedAt },
        meta,
      );
    await this.giveBack(data.orderId, data.reference, meta);
  }

  private async refundDuplicate(orderId: string, userId: string, meta: Meta) {
    this.logger.warn({ orderId }, 'a paid order bought only courses its buyer already owned; refunding it');
    try {
      // On the buyer's behalf (the refund is theirs); the event's metadata names no actor: the system did it.
      await handleCommand(
        this.eventStore,
        orderStream(orderId),
        orderDecider,
        // It granted no enrolment, so nothing of it was consumed.
        { type: 'RefundOrder', actorId: userId, now: this.now(), progress: [], maxProgress: 0 },
        meta,
      );
    } catch (error) {
      // Refunded already (a replay, or the buyer was quicker): nothing more to do.
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /** Asks the provider to refund one recorded payment, unless its answer is already on the order. */
  private async giveBack(orderId: string, reference: string, meta: Meta) {
    const order = await this.order(orderId);
    if (order.refunds[reference]) return;
    const payment = order.payment?.reference === reference ? order.payment : order.flagged[reference];
    if (!payment) return;
    const provider = this.providers.byName(payment.provider);
    const log = { orderId, reference, provider: payment.provider };
    if (!provider) {
      this.logger.error(log, 'a payment to give back belongs to a provider that is not configured; refund it by hand');
      return;
    }
    let result;
    try {
      result = await provider.refund({ orderId, provider: payment.provider, reference, amount: payment.amount });
    } catch (error) {
      if (!isPaymentError(error)) throw error;
      // Not retried in a loop here (that would hold up every later purchase): support sees it in the log.
      this.logger.error(
        { ...log, code: error.code, detail: error.detail },
        'provider refused a refund; refund it by hand',
      );
      return;
    }
    if (result.status === 'manual_required')
      this.logger.warn({ ...log, message: result.message }, 'refund needs to be sent by hand');
    await handleCommand(
      this.eventStore,
      orderStream(orderId),
      orderDecider,
      {
        type: 'RecordRefund',
        reference,
        status: result.status,
        refundReference: result.status === 'manual_required' ? null : result.refundReference,
        message: result.status === 'manual_required' ? result.message : null,
        now: this.now(),
      },
      meta,
    );
  }

  private async order(orderId: string): Promise<OrderState> {
    return (await loadStream(this.eventStore, orderStream(orderId), orderDecider)).state;
  }
}

type Meta = { actor: null; causationId: string; correlationId: string };

/** Runs OrderFulfilment over the log in the API process (one process at a time holds its lease). */
@Injectable()
export class OrderFulfilmentReactor extends HostedLogReactor {
  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(PAYMENT_PROVIDERS) providers: PaymentProviders,
    @Inject(LOGGER) logger: Logger,
    clock: LearningClock,
    mail: MailService,
    @Inject(READ_MODELS) readModels: ReadModels,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const log = logger.child({ component: ORDER_FULFILMENT });
    const receipts = new OrderReceipts(mail, readModels, config.http.publicUrl);
    super(ORDER_FULFILMENT, new OrderFulfilment(eventStore, providers, log, () => clock.iso(), receipts), {
      eventStore,
      readStore,
      logger: log,
    });
  }
}
