import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { fold } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import { WrongExpectedVersionError } from '@platform/event-store/errors';
import type { EventStore } from '@platform/event-store/event-store.port';
import { EVENT_STORE } from '@platform/tokens';

import { CommerceFacts } from './commerce-facts';
import { checkoutDecider } from './domain/checkout.decider';
import type { OrderStatus } from './domain/order.decider';
import { type CheckoutEvent, checkoutStream, type OrderEvent, orderStream } from './events';

type Placed = Extract<OrderEvent, { type: 'OrderPlaced' }>;

/** Two checkouts at once: one appends first, the other is decided again against its reservation. */
const ATTEMPTS = 4;

/**
 * Places an order together with its reservation of the member's courses (`checkout-<userId>`,
 * checkout.decider.ts): both in one transaction on PostgreSQL and PGlite, the reservation first
 * elsewhere (an order whose append then fails has no status, and its reservation holds nothing).
 * The reservation is appended at the version read, so of two overlapping checkouts exactly one
 * places its order; the other reads again and is refused with the first's order (ORDER_PENDING).
 */
@Injectable()
export class CheckoutHolds {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
  ) {}

  async reserveAndPlace(
    userId: string,
    placed: Placed,
    expectedTotal: number,
    now: string,
    meta: CommandMetadata,
  ): Promise<void> {
    const stream = checkoutStream(userId);
    for (let attempt = 1; ; attempt++) {
      const history = await this.eventStore.readStream(stream);
      const state = fold(
        checkoutDecider,
        history.map((e) => ({ type: e.type, data: e.data }) as CheckoutEvent),
      );
      const holders = await this.holders(
        placed.data.items.map((i) => state.holds[i.courseId]).filter((id): id is string => id !== undefined),
      );
      const reserved = checkoutDecider.decide(state, {
        type: 'ReserveCourses',
        userId,
        orderId: placed.data.orderId,
        items: placed.data.items,
        expectedTotal,
        holders,
        now,
      });
      try {
        await this.commands.executeMany(
          [
            { streamId: stream, events: reserved, expectedVersion: history.at(-1)?.streamVersion ?? 'no_stream' },
            { streamId: orderStream(placed.data.orderId), events: [placed], expectedVersion: 'no_stream' },
          ],
          meta,
          // The payment's start is waited for instead (its RequestPayment changes the same order).
          { waitFor: 'none' },
        );
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /** The status of each order holding one of the courses, from its own stream. */
  private async holders(orderIds: string[]): Promise<Record<string, OrderStatus | null>> {
    const unique = [...new Set(orderIds)];
    const states = await Promise.all(unique.map((id) => this.facts.order(id)));
    return Object.fromEntries(unique.map((id, i) => [id, states[i]!.status]));
  }
}
