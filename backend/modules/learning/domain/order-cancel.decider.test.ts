import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { OrderEvent } from '../events';
import { at, orderPaid, orderPlaced } from '../testing/order-events';
import { orderDecider } from './order.decider';

const placed = orderPlaced('mpesa', [150_000]);
const requested: OrderEvent = {
  type: 'OrderPaymentRequested',
  data: { orderId: 'o1', provider: 'mpesa', reference: 'ws_CO_1', requestedAt: at(1) },
};
const cancelled: OrderEvent = {
  type: 'OrderCancelled',
  data: { orderId: 'o1', userId: 'u1', cancelledAt: at(60_000) },
};
const cancel = (actorId = 'u1', ms = 60_000) => ({ type: 'CancelOrder', actorId, now: at(ms) }) as const;

const spec = DeciderSpec.for(orderDecider);
const pending = spec.given([placed, requested]);

describe('order decider: the buyer cancels a pending order', () => {
  it('closes a pending order', () => {
    const { state } = pending.when(cancel()).then([cancelled]);
    expect(state.status).toBe('cancelled');
  });

  it('decides nothing when the order is cancelled already (a second tap, a retried request)', () => {
    pending.given([cancelled]).when(cancel('u1', 70_000)).thenNothingHappened();
  });

  it("refuses another member's cancel", () => {
    pending.when(cancel('u2')).thenThrows({ code: 'NOT_ORDER_OWNER', status: 403 });
  });

  it('refuses to cancel an order that is paid, failed or expired: it no longer waits for payment', () => {
    const failed: OrderEvent = {
      type: 'OrderPaymentFailed',
      data: { orderId: 'o1', userId: 'u1', reason: 'x', failedAt: at(5) },
    };
    const expired: OrderEvent = {
      type: 'OrderExpired',
      data: { orderId: 'o1', userId: 'u1', placedAt: placed.data.placedAt, expiredAt: at(5) },
    };
    for (const closed of [orderPaid(placed, 'mpesa', 'ws_CO_1', at(5)), failed, expired])
      pending.given([closed]).when(cancel()).thenThrows({ code: 'ORDER_NOT_PENDING', status: 409 });
  });

  it('refuses to cancel an order that does not exist', () => {
    spec.when(cancel()).thenThrows({ code: 'ORDER_NOT_FOUND', status: 404 });
  });

  it('flags a payment approved after the cancel (to give back) instead of paying the order', () => {
    pending
      .given([cancelled])
      .when({ type: 'RecordPayment', provider: 'mpesa', reference: 'ws_CO_1', amount: 150_000, now: at(90_000) })
      .then((events) =>
        expect(events).toMatchObject([
          { type: 'OrderPaymentFlagged', data: { reason: 'order_closed', amount: 150_000 } },
        ]),
      );
  });

  it('takes no failure and does not expire once cancelled', () => {
    const closed = pending.given([cancelled]);
    closed.when({ type: 'FailPayment', reason: 'cancelled by user', now: at(90_000) }).thenThrows({
      code: 'ORDER_NOT_PENDING',
    });
    closed.when({ type: 'ExpireOrder', ttlMs: 1, now: at(10_000_000) }).thenNothingHappened();
  });
});
