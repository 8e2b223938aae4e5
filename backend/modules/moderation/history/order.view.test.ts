import type { OrderEvent } from '@modules/learning';

import { given, minute, upTo } from '../testing/history';
import { foldOrder } from './order.view';

describe('order history view', () => {
  const stream = given<OrderEvent>([
    {
      type: 'OrderPlaced',
      data: {
        orderId: 'o1',
        userId: 'b1',
        items: [{ courseId: 'c1', teacherId: 't1', title: 'Tajweed', price: 50000 }],
        total: 50000,
        currency: 'KES',
        method: 'mpesa',
        placedAt: minute(0),
      },
    },
    {
      type: 'OrderPaymentRequested',
      data: { orderId: 'o1', provider: 'mpesa', reference: 'ws_CO_1', requestedAt: minute(1), payer: 'hmac-of-phone' },
    },
    {
      type: 'OrderPaid',
      data: {
        orderId: 'o1',
        userId: 'b1',
        provider: 'mpesa',
        amount: 50000,
        reference: 'ws_CO_1',
        courseIds: ['c1'],
        paidAt: minute(2),
      },
    },
    {
      type: 'OrderRefunded',
      data: {
        orderId: 'o1',
        userId: 'b1',
        provider: 'mpesa',
        amount: 50000,
        reference: 'ws_CO_1',
        courseIds: ['c1'],
        refundedBy: 'mod',
        refundedAt: minute(3),
        reason: 'Charged twice',
      },
    },
    {
      type: 'OrderRefundIssued',
      data: {
        orderId: 'o1',
        userId: 'b1',
        provider: 'mpesa',
        reference: 'ws_CO_1',
        amount: 50000,
        status: 'manual_required',
        refundReference: null,
        message: 'Send it by hand',
        issuedAt: minute(4),
      },
    },
  ]);

  it('shows items, amounts and the status at each version', () => {
    expect(foldOrder(upTo(stream, 0))).toEqual({
      kind: 'order',
      orderId: 'o1',
      buyerId: 'b1',
      items: [{ courseId: 'c1', title: 'Tajweed', price: 50000 }],
      total: 50000,
      currency: 'KES',
      method: 'mpesa',
      status: 'pending',
      provider: null,
      references: [],
      paid: null,
      failureReason: null,
      flagged: [],
      refunded: null,
      refunds: [],
      placedAt: minute(0),
    });
    expect(foldOrder(upTo(stream, 2))).toMatchObject({
      status: 'paid',
      provider: 'mpesa',
      references: ['ws_CO_1'],
      paid: { amount: 50000, reference: 'ws_CO_1', at: minute(2) },
    });
    expect(foldOrder(stream)).toMatchObject({
      status: 'refunded',
      refunded: { amount: 50000, by: 'mod', reason: 'Charged twice', at: minute(3) },
      refunds: [
        { reference: 'ws_CO_1', amount: 50000, status: 'manual_required', refundReference: null, at: minute(4) },
      ],
    });
  });

  it("never carries the payer's phone digest", () => {
    for (let v = 0; v < stream.length; v++)
      expect(JSON.stringify(foldOrder(upTo(stream, v)))).not.toContain('hmac-of-phone');
  });

  it('a failure and an expiry show as such', () => {
    const placed = stream[0]!;
    const failed = given<OrderEvent>([
      placed,
      { type: 'OrderPaymentFailed', data: { orderId: 'o1', userId: 'b1', reason: 'Declined', failedAt: minute(1) } },
      { type: 'OrderExpired', data: { orderId: 'o1', userId: 'b1', placedAt: minute(0), expiredAt: minute(2) } },
    ]);
    expect(foldOrder(upTo(failed, 1))).toMatchObject({ status: 'failed', failureReason: 'Declined' });
    expect(foldOrder(failed)).toMatchObject({ status: 'expired' });
  });

  it("a buyer's cancel shows as cancelled", () => {
    const cancelled = given<OrderEvent>([
      stream[0]!,
      { type: 'OrderCancelled', data: { orderId: 'o1', userId: 'b1', cancelledAt: minute(1) } },
    ]);
    expect(foldOrder(upTo(cancelled, 0))).toMatchObject({ status: 'pending' });
    expect(foldOrder(cancelled)).toMatchObject({ status: 'cancelled' });
  });
});
