import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { handleCommand } from '@platform/decider/handle-command';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { Logger } from '@platform/logging';
import { HostedLogReactor } from '@platform/reactors/hosted-log-reactor';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { sleep } from '@platform/sleep';
import { APP_CONFIG, EVENT_STORE, LOGGER, READ_STORE } from '@platform/tokens';

import { orderDecider } from './domain/order.decider';
import { type OrderEvent, orderStream } from './events';
import { LearningClock } from './learning-clock';

export const ORDER_EXPIRY = 'learning-order-expiry';

type Placed = RecordedEvent<Extract<OrderEvent, { type: 'OrderPlaced' }>['data']>;

/** Stopping while an order is waiting: the event is not done, so the checkpoint must not pass it. */
export class ExpiryInterrupted extends Error {
  constructor() {
    super('order expiry stopped while waiting for an order to fall due');
    this.name = 'ExpiryInterrupted';
  }
}

export interface OrderExpiryOptions {
  eventStore: EventStore;
  ttlMs: number;
  clock: () => Date;
  logger: Logger;
  /** Aborted when the process stops: a wait in progress ends by throwing ExpiryInterrupted. */
  signal: AbortSignal;
  /** How often the clock is looked at while an order is not due (tests move the clock instead of waiting). */
  checkEveryMs?: number;
}

/**
 * Closes orders still unpaid ORDER_PENDING_TTL after they were placed (`OrderExpired`), so that
 * their courses can be ordered again. Driven by the log: for each OrderPlaced it waits until that
 * order is due, then asks the order decider, which expires only a pending order that is due (paid,
 * failed or expired already: nothing). Orders are placed in log order, so waiting for one holds up
 * only orders due later, and the checkpoint is stored only once an order is settled: a restart
 * waits again for exactly the orders not yet past. A payment that arrives after expiry is recorded
 * as a flagged payment (`order_closed`) and given back by the order fulfilment reactor.
 */
export class OrderExpiry {
  readonly handles = ['OrderPlaced'] as const;

  constructor(private readonly options: OrderExpiryOptions) {}

  async handle(event: RecordedEvent): Promise<void> {
    const { data } = event as Placed;
    const { ttlMs, clock, eventStore } = this.options;
    const due = Date.parse(data.placedAt) + ttlMs;
    await this.waitUntil(due);
    const { events } = await handleCommand(
      eventStore,
      orderStream(data.orderId),
      orderDecider,
      { type: 'ExpireOrder', ttlMs, now: clock().toISOString() },
      { actor: null, causationId: event.id, correlationId: event.metadata.correlationId },
    );
    if (events.length > 0) this.options.logger.info({ orderId: data.orderId }, 'order expired unpaid');
  }

  private async waitUntil(due: number): Promise<void> {
    const { clock, signal } = this.options;
    const every = this.options.checkEveryMs ?? 1000;
    for (;;) {
      if (signal.aborted) throw new ExpiryInterrupted();
      const left = due - clock().getTime();
      if (left <= 0) return;
      await sleep(Math.min(left, every), signal);
    }
  }
}

/** Runs OrderExpiry over the log in the API process (one process at a time holds its lease). */
@Injectable()
export class OrderExpiryReactor extends HostedLogReactor {
  private readonly stopping: AbortController;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    clock: LearningClock,
  ) {
    const log = logger.child({ component: ORDER_EXPIRY });
    const stopping = new AbortController();
    const expiry = new OrderExpiry({
      eventStore,
      ttlMs: config.orders.pendingTtlMs,
      clock: () => clock.now(),
      logger: log,
      signal: stopping.signal,
    });
    super(ORDER_EXPIRY, expiry, { eventStore, readStore, logger: log });
    this.stopping = stopping;
  }

  override async onModuleDestroy() {
    const stopped = this.reactor.stop();
    // The reactor waits for the event in hand; the wait for an order to fall due ends now.
    this.stopping.abort();
    await stopped;
  }
}
