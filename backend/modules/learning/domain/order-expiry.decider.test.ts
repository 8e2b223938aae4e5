import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { OrderEvent } from '../events';
import { at, orderPaid, orderPlaced, T0 } from '../testing/order-events';
import { orderDecider } from './order.decider';

const TTL = 30 * 60_000;

const placed = orderPlaced('card', [100_000]);
const requested: OrderEvent = {
  type: 'OrderPaymentRequested',
  data: { orderId: 'o1', provider: 'stripe', reference: 'pi_1', requestedAt: T0 },
};
const expired: OrderEvent = {
  type: 'OrderExpired',
  data: { orderId: 'o1', userId: 'u1', placedAt: T0, expiredAt: at(TTL) },
};
const expire = (ms: number) => ({ type: 'ExpireOrder', ttlMs: TTL, now: at(ms) }) as const;

const spec = DeciderSpec.for(orderDecider);
const pending = spec.given([placed, requested]);

describe('order decider: pending orders expire', () => {
  it('expires a pending order once its time is up (exactly the TTL is due)', () => {
    const { state } = pending.when(expire(TTL)).then([expired]);
    expect(state.status).toBe('expired');
  });

  it('decides nothing before the order is due', () => {
    pending.when(expire(TTL - 1)).thenNothingHappened();
  });

  it('decides nothing for an order that is paid, failed or expired already (replayed by the reactor)', () => {
    const paid = orderPaid(placed, 'stripe', 'pi_1', at(1));
    const failed: OrderEvent = {
      type: 'OrderPaymentFailed',
      data: { orderId: 'o1', userId: 'u1', reason: 'x', failedAt: at(1) },
    };
    pending
      .given([paid])
      .when(expire(TTL * 2))
      .thenNothingHappened();
    pending
      .given([failed])
      .when(expire(TTL * 2))
      .thenNothingHappened();
    pending
      .given([expired])
      .when(expire(TTL * 2))
      .thenNothingHappened();
  });

  it('refuses to expire an order that does not exist', () => {
    spec.when(expire(TTL)).thenThrows({ code: 'ORDER_NOT_FOUND', status: 404 });
  });

  it('flags a payment that arrives after expiry (to give back) instead of paying the order', () => {
    pending
      .given([expired])
      .when({ type: 'RecordPayment', provider: 'stripe', reference: 'pi_1', amount: 100_000, now: at(TTL + 5) })
      .then([
        {
          type: 'OrderPaymentFlagged',
          data: {
            orderId: 'o1',
            userId: 'u1',
            provider: 'stripe',
            amount: 100_000,
            reference: 'pi_1',
            reason: 'order_closed',
            flaggedAt: at(TTL + 5),
          },
        },
      ]);
  });

  it('records a payment the provider started as the order expired, so its success is flagged and given back; takes no failure', () => {
    const expiredOrder = pending.given([expired]);
    const { events, state } = expiredOrder
      .when({ type: 'RequestPayment', provider: 'stripe', reference: 'pi_2', now: at(TTL + 1) })
      .then([
        {
          type: 'OrderPaymentRequested',
          data: { orderId: 'o1', provider: 'stripe', reference: 'pi_2', requestedAt: at(TTL + 1) },
        },
      ]);
    expect(state.status).toBe('expired');
    expiredOrder
      .given(events)
      .when({ type: 'RecordPayment', provider: 'stripe', reference: 'pi_2', amount: 100_000, now: at(TTL + 2) })
      .then((flagged) =>
        expect(flagged).toMatchObject([{ type: 'OrderPaymentFlagged', data: { reason: 'order_closed' } }]),
      );
    expiredOrder
      .when({ type: 'FailPayment', reason: 'declined', now: at(TTL + 1) })
      .thenThrows({ code: 'ORDER_NOT_PENDING' });
  });
});
