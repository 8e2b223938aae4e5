import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { OrderEvent } from '../events';
import { at, orderPaid, orderPlaced, orderRefunded, T0 } from '../testing/order-events';
import { orderDecider, type OrderItemFacts } from './order.decider';

const DAY = 24 * 60 * 60_000;

const item = (courseId: string, price: number, over: Partial<OrderItemFacts> = {}): OrderItemFacts => ({
  courseId,
  teacherId: 't1',
  title: `Course ${courseId}`,
  price,
  published: true,
  owned: false,
  ...over,
});
const place = (items: OrderItemFacts[], method = 'mpesa') =>
  ({ type: 'PlaceOrder', orderId: 'o1', userId: 'u1', method, items, now: T0 }) as const;
const placedEvent = orderPlaced('mpesa', [150_000, 99_950]);
const pay = (reference: string, amount = 249_950, now = at(1000)) =>
  ({ type: 'RecordPayment', provider: 'mpesa', reference, amount, now }) as const;
const paidEvent = orderPaid(placedEvent, 'mpesa', 'ws_CO_1', at(1000));
const refund = (now: string, actorId = 'u1') =>
  ({ type: 'RefundOrder', actorId, now, progress: [], maxProgress: 0.3 }) as const;

const spec = DeciderSpec.for(orderDecider);
const pending = spec.given([placedEvent]);
const paid = pending.given([paidEvent]);

describe('order decider', () => {
  it('places an order of paid courses with the total as their sum, pending', () => {
    const { state } = spec.when(place([item('c1', 150_000), item('c2', 99_950)])).then([placedEvent]);
    expect(state).toMatchObject({ status: 'pending', total: 249_950 });
    pending.when(place([item('c1', 150_000)])).thenThrows({ code: 'ORDER_EXISTS', status: 409 });
  });

  it('refuses an empty order, a duplicate, an unknown method, an owned, unlisted or free course', () => {
    spec.when(place([])).thenThrows({ status: 400, message: 'Your cart is empty' });
    spec
      .when(place([item('c1', 100), item('c1', 100)]))
      .thenThrows({ status: 400, message: expect.stringMatching(/only once/) });
    spec.when(place([item('c1', 100)], 'paypal')).thenThrows({ status: 400, message: expect.stringMatching(/card/) });
    spec
      .when(place([item('c1', 100)], 'card'))
      .then((events) => expect(events[0]!.data).toMatchObject({ method: 'card' }));
    spec
      .when(place([item('c1', 100), item('c2', 100, { owned: true })]))
      .thenThrows({ code: 'ALREADY_OWNED', status: 409 });
    spec.when(place([item('c1', 100, { published: false })])).thenThrows({ code: 'COURSE_NOT_FOUND', status: 404 });
    spec.when(place([item('c1', 0)])).thenThrows({ code: 'COURSE_IS_FREE', status: 409 });
    spec.when(place([item('c1', 1.5)])).thenThrows({ status: 400 });
    spec.when(place(Array.from({ length: 51 }, (_, i) => item(`c${i}`, 100)))).thenThrows({ status: 400 });
  });

  it('records a payment request, even once the order closed; the same reference again decides nothing', () => {
    const request = { type: 'RequestPayment', provider: 'mpesa', reference: 'ws_CO_1', now: at(10) } as const;
    const { events } = pending.when(request).then([
      {
        type: 'OrderPaymentRequested',
        data: { orderId: 'o1', provider: 'mpesa', reference: 'ws_CO_1', requestedAt: at(10) },
      },
    ]);
    pending.given(events).when(request).thenNothingHappened();
    pending.when({ ...request, reference: ' ' }).thenThrows({ status: 400 });
    // Paid while the provider started a second payment: that one is ours too (flagged if it succeeds).
    paid.when(request).then([
      {
        type: 'OrderPaymentRequested',
        data: { orderId: 'o1', provider: 'mpesa', reference: 'ws_CO_1', requestedAt: at(10) },
      },
    ]);
    spec.when(request).thenThrows({ code: 'ORDER_NOT_FOUND', status: 404 });
  });

  it('is paid by a payment of exactly its total, from pending only', () => {
    const { state } = pending.when(pay('ws_CO_1')).then([paidEvent]);
    expect(state.status).toBe('paid');
    spec.when(pay('ws_CO_1')).thenThrows({ status: 404 });
    pending.when(pay('ws_CO_1', -5)).thenThrows({ status: 400 });
    pending.when(pay('ws_CO_1', 2499.5)).thenThrows({ status: 400, message: expect.stringMatching(/cents/) });
  });

  it('enrols once when the same confirmation is delivered twice', () => {
    paid.when(pay('ws_CO_1')).thenNothingHappened();
  });

  it('flags a payment of another amount for refund and stays pending', () => {
    const { events, state } = pending.when(pay('ws_CO_2', 100)).then([
      {
        type: 'OrderPaymentFlagged',
        data: {
          orderId: 'o1',
          userId: 'u1',
          provider: 'mpesa',
          amount: 100,
          reference: 'ws_CO_2',
          reason: 'amount_mismatch',
          flaggedAt: at(1000),
        },
      },
    ]);
    expect(state.status).toBe('pending');
    const flagged = pending.given(events);
    flagged.when(pay('ws_CO_2', 100)).thenNothingHappened();
    flagged.when(pay('ws_CO_3')).then((more) => expect(more[0]!.type).toBe('OrderPaid'));
  });

  it('never pays twice: a second payment for a paid order is flagged for refund', () => {
    paid.when(pay('ws_CO_9')).then((events, state) => {
      expect(events).toEqual([
        expect.objectContaining({
          type: 'OrderPaymentFlagged',
          data: expect.objectContaining({ reason: 'already_paid', reference: 'ws_CO_9' }),
        }),
      ]);
      expect(state.payment?.reference).toBe('ws_CO_1');
    });
  });

  it('fails only from pending; a repeated failure decides nothing; a late payment is flagged', () => {
    const fail = { type: 'FailPayment', reason: '  Request cancelled by user ', now: at(500) } as const;
    const { events } = pending.when(fail).then([
      {
        type: 'OrderPaymentFailed',
        data: { orderId: 'o1', userId: 'u1', reason: 'Request cancelled by user', failedAt: at(500) },
      },
    ]);
    const failed = pending.given(events);
    expect(failed.state().status).toBe('failed');
    failed.when(fail).thenNothingHappened();
    paid.when(fail).thenThrows({ code: 'ORDER_NOT_PENDING', status: 409 });
    pending.when({ ...fail, reason: '' }).then((e) => expect(e[0]!.data).toMatchObject({ reason: 'Payment failed' }));
    failed.when(pay('ws_CO_1')).then((e) => expect(e[0]!.data).toMatchObject({ reason: 'order_closed' }));
    failed.when(refund(at(DAY))).thenThrows({ code: 'ORDER_NOT_PAID', status: 409 });
  });

  it('refunds a paid order to its owner within 7 days of payment, and not after', () => {
    const refunded = orderRefunded(placedEvent, 'mpesa', 'ws_CO_1', {
      refundedBy: 'u1',
      refundedAt: at(1000 + 7 * DAY),
    });
    const { state } = paid.when(refund(at(1000 + 7 * DAY))).then([refunded]);
    expect(state.status).toBe('refunded');
    paid.when(refund(at(1000 + 7 * DAY + 1))).thenThrows({
      code: 'REFUND_WINDOW_CLOSED',
      status: 409,
      message: 'The 7-day refund window for this order has closed',
    });
    paid.when(refund(at(DAY), 'u2')).thenThrows({ code: 'NOT_ORDER_OWNER', status: 403 });
    pending.when(refund(at(DAY))).thenThrows({ code: 'ORDER_NOT_PAID', status: 409 });
    const closed = paid.given([refunded]);
    closed.when(refund(at(DAY))).thenThrows({ status: 409 });
    closed.when(pay('ws_CO_5')).then((e) => expect(e[0]!.data).toMatchObject({ reason: 'order_closed' }));
    closed.when(pay('ws_CO_1')).thenNothingHappened();
  });

  it('records what the provider answered to a refund of a refunded or flagged payment, once per answer', () => {
    const refunded = orderRefunded(placedEvent, 'mpesa', 'ws_CO_1', { refundedBy: 'u1', refundedAt: at(DAY) });
    const record = (reference: string, status: 'refunded' | 'manual_required' = 'manual_required') =>
      ({ type: 'RecordRefund', reference, status, refundReference: null, message: 'By hand', now: at(DAY) }) as const;
    const issued = (reference: string, amount: number): OrderEvent => ({
      type: 'OrderRefundIssued',
      data: {
        orderId: 'o1',
        userId: 'u1',
        provider: 'mpesa',
        reference,
        amount,
        status: 'manual_required',
        refundReference: null,
        message: 'By hand',
        issuedAt: at(DAY),
      },
    });
    const closed = paid.given([refunded]);
    const { state } = closed.when(record('ws_CO_1')).then([issued('ws_CO_1', 249_950)]);
    expect(state.refunds).toEqual({ ws_CO_1: 'manual_required' });
    closed
      .given([issued('ws_CO_1', 249_950)])
      .when(record('ws_CO_1'))
      .thenNothingHappened();
    // Not refunded yet, or a payment the order never recorded: nothing was given back.
    paid.when(record('ws_CO_1')).thenThrows({ status: 409 });
    closed.when(record('ws_CO_9')).thenThrows({ status: 409 });
    // A second payment of a paid order is flagged, and its own refund is recorded against it.
    const flaggedSecond = paid.given([
      {
        type: 'OrderPaymentFlagged',
        data: {
          orderId: 'o1',
          userId: 'u1',
          provider: 'mpesa',
          amount: 249_950,
          reference: 'ws_CO_2',
          reason: 'already_paid',
          flaggedAt: at(2000),
        },
      },
    ]);
    flaggedSecond.when(record('ws_CO_2')).then([issued('ws_CO_2', 249_950)]);
  });
});
