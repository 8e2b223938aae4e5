import { type Decider, DomainError } from '@platform/decider/decider';

import type { CheckoutEvent } from '../events';
import { LEARNING_MESSAGES as M } from '../limits';
import type { OrderStatus } from './order.decider';

/** Per course of the member: the order that reserved it last; per order: when it reserved. */
export interface CheckoutState {
  holds: Record<string, string>;
  reservedAt: Record<string, string>;
}

/**
 * How long a holder whose order stream is still empty counts as pending. Where the reservation is
 * appended before its order (EventStoreDB: no transaction across streams) a concurrent checkout can
 * read the holder between the two appends; only an order that never came (its append failed) is
 * free, and that is known once this has passed.
 */
export const UNPLACED_HOLD_GRACE_MS = 2 * 60_000;

export type CheckoutCommand = {
  type: 'ReserveCourses';
  userId: string;
  orderId: string;
  /** The order's items at the prices checkout read from the courses' streams, in KES cents. */
  items: readonly { courseId: string; price: number }[];
  /** The total the member's screen showed, in KES cents. */
  expectedTotal: number;
  /**
   * The status of each order that holds one of these courses, read from its stream by the service
   * (absent or null: no order yet, either one still being appended after its reservation, treated
   * as pending for UNPLACED_HOLD_GRACE_MS, or one whose append failed, free after that).
   */
  holders: Readonly<Record<string, OrderStatus | null>>;
  now: string;
};

/** A holder with no order yet, reserved within the grace period: its order may be a moment behind. */
function unplacedYet(reservedAt: string | undefined, now: string): boolean {
  if (!reservedAt) return false;
  return Date.parse(now) - Date.parse(reservedAt) < UNPLACED_HOLD_GRACE_MS;
}

/** A course of this checkout is in another order of the member that can still be paid. */
export class OrderPendingError extends DomainError {
  constructor(readonly orderId: string) {
    super('ORDER_PENDING', M.orderPending, 409);
  }
}

/** What the member's screen showed is not what the order would charge: nothing is placed. */
export class PriceChangedError extends DomainError {
  constructor(readonly total: number) {
    super('PRICE_CHANGED', M.priceChanged, 409);
  }
}

/**
 * A member's checkouts, one stream per member (`checkout-<userId>`), appended with each new order
 * at the version it was read: two checkouts at once conflict, and the one decided again sees the
 * other's reservation. So a course is in at most one payable order of a member, which is what keeps
 * it from being charged twice; a read model could not say so (it lags the order it would have to see).
 */
export const checkoutDecider: Decider<CheckoutState, CheckoutCommand, CheckoutEvent> = {
  initialState: () => ({ holds: {}, reservedAt: {} }),
  evolve(state, event) {
    const holds = { ...state.holds };
    for (const courseId of event.data.courseIds) holds[courseId] = event.data.orderId;
    return { holds, reservedAt: { ...state.reservedAt, [event.data.orderId]: event.data.reservedAt } };
  },
  decide(state, command) {
    for (const { courseId } of command.items) {
      const holder = state.holds[courseId];
      if (!holder || holder === command.orderId) continue;
      const status = command.holders[holder] ?? null;
      if (status === 'pending' || (status === null && unplacedYet(state.reservedAt[holder], command.now)))
        throw new OrderPendingError(holder);
      // Paid but not enrolled yet (the fulfilment reactor is a moment behind): bought is bought.
      if (status === 'paid') throw new DomainError('ALREADY_OWNED', M.alreadyOwned, 409);
    }
    // After the pending check: a member with an order waiting is told about it first, whatever the price now.
    const total = command.items.reduce((sum, i) => sum + i.price, 0);
    if (total !== command.expectedTotal) throw new PriceChangedError(total);
    return [
      {
        type: 'CoursesReserved',
        data: {
          userId: command.userId,
          orderId: command.orderId,
          courseIds: command.items.map((i) => i.courseId),
          reservedAt: command.now,
        },
      },
    ];
  },
};
