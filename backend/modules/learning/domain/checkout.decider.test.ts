import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { CheckoutEvent } from '../events';
import {
  type CheckoutCommand,
  checkoutDecider,
  OrderPendingError,
  PriceChangedError,
  UNPLACED_HOLD_GRACE_MS,
} from './checkout.decider';

const T0 = '2026-11-25T10:00:00.000Z';
const reserve = (over: Partial<CheckoutCommand> = {}): CheckoutCommand => ({
  type: 'ReserveCourses',
  userId: 'u1',
  orderId: 'o2',
  items: [
    { courseId: 'c1', price: 100_000 },
    { courseId: 'c2', price: 49_950 },
  ],
  expectedTotal: 149_950,
  holders: {},
  now: T0,
  ...over,
});
const reserved = (orderId: string, courseIds: string[]): CheckoutEvent => ({
  type: 'CoursesReserved',
  data: { userId: 'u1', orderId, courseIds, reservedAt: T0 },
});

const spec = DeciderSpec.for(checkoutDecider);
const o1HoldsC1 = spec.given([reserved('o1', ['c1'])]);

describe('checkout decider (a course in one payable order of a member at a time)', () => {
  it('reserves the courses for the new order when the total is the one the screen showed', () => {
    const { state } = spec.when(reserve()).then([reserved('o2', ['c1', 'c2'])]);
    expect(state.holds).toEqual({ c1: 'o2', c2: 'o2' });
  });

  it('refuses another total with the total it would charge: a price raised between cart and charge', () => {
    const error = spec
      .when(reserve({ expectedTotal: 100_000 + 1000 }))
      .thenThrows({ code: 'PRICE_CHANGED', status: 409 });
    expect(error).toBeInstanceOf(PriceChangedError);
    expect((error as PriceChangedError).total).toBe(149_950);
    // A lowered price is a change too: the member confirms what they pay.
    spec.when(reserve({ expectedTotal: 150_000 })).thenThrows({ code: 'PRICE_CHANGED' });
  });

  it('refuses a course held by a pending order, naming that order, before any price check', () => {
    const error = o1HoldsC1
      .when(reserve({ holders: { o1: 'pending' }, expectedTotal: 1 }))
      .thenThrows({ code: 'ORDER_PENDING', status: 409 });
    expect(error).toBeInstanceOf(OrderPendingError);
    expect((error as OrderPendingError).orderId).toBe('o1');
  });

  it('treats a course held by a paid order as owned (the enrolment may be a moment behind)', () => {
    o1HoldsC1.when(reserve({ holders: { o1: 'paid' } })).thenThrows({ code: 'ALREADY_OWNED', status: 409 });
  });

  it.each(['failed', 'expired', 'refunded'] as const)(
    'lets a new order take a course whose holding order is %s',
    (status) => {
      const { state } = o1HoldsC1.when(reserve({ holders: { o1: status } })).then([reserved('o2', ['c1', 'c2'])]);
      expect(state.holds.c1).toBe('o2');
    },
  );

  it('counts a holder with no order yet as pending for a grace period (its order may be a moment behind)', () => {
    const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
    // EventStoreDB: the reservation is appended before its order, and a checkout reads in between.
    for (const holders of [{ o1: null }, {}])
      for (const ms of [0, 1000, UNPLACED_HOLD_GRACE_MS - 1])
        expect(
          o1HoldsC1.when(reserve({ holders, now: at(ms) })).thenThrows({ code: 'ORDER_PENDING', status: 409 }),
        ).toMatchObject({ orderId: 'o1' });
    // Past it, an order that never came (its append failed) holds nothing.
    const later = at(UNPLACED_HOLD_GRACE_MS);
    o1HoldsC1
      .when(reserve({ holders: { o1: null }, now: later }))
      .then([
        { type: 'CoursesReserved', data: { userId: 'u1', orderId: 'o2', courseIds: ['c1', 'c2'], reservedAt: later } },
      ]);
  });

  it('does not let a holder missing from the facts pass as free when it is pending elsewhere in the list', () => {
    // c2 is held by a pending order too: the whole checkout is refused, nothing reserved.
    spec
      .given([reserved('o1', ['c1']), reserved('o3', ['c2'])])
      .when(reserve({ holders: { o1: 'failed', o3: 'pending' } }))
      .thenThrows({ code: 'ORDER_PENDING' });
  });

  it('decides the same order again without refusing its own reservation', () => {
    spec
      .given([reserved('o2', ['c1', 'c2'])])
      .when(reserve({ holders: { o2: 'pending' } }))
      .then([reserved('o2', ['c1', 'c2'])]);
  });
});
