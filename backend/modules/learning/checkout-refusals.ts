import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { ApiError, errorBody } from '@platform/http';
import { formatKes } from '@platform/money';

import { CommerceFacts } from './commerce-facts';
import { type OrderPendingError, PriceChangedError } from './domain/checkout.decider';
import type { OrderState } from './domain/order.decider';
import { CartQueries } from './queries/cart.queries';
import { OrdersQueries } from './queries/orders.queries';
import type { OrderView } from './views';

/**
 * The two checkout refusals the screen acts on, with what it needs to act: PRICE_CHANGED carries
 * the cart as GET /api/cart shows it now (and the total this checkout would have charged), so the
 * member sees the new prices and confirms again; ORDER_PENDING carries the order waiting for
 * payment (as GET /api/orders/:id), so the screen can pay that one (POST /api/orders/:id/pay).
 */
@Injectable()
export class CheckoutRefusals {
  constructor(
    private readonly carts: CartQueries,
    private readonly orders: OrdersQueries,
    private readonly facts: CommerceFacts,
  ) {}

  async answer(error: OrderPendingError | PriceChangedError, userId: string): Promise<ApiError> {
    const body = errorBody(409, error.message, error.code);
    if (error instanceof PriceChangedError)
      return new ApiError(409, { ...body, total: formatKes(error.total), cart: await this.carts.view(userId) });
    return new ApiError(409, { ...body, order: await this.order(userId, error.orderId) });
  }

  private async order(userId: string, orderId: string): Promise<OrderView> {
    try {
      return await this.orders.one(userId, orderId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Placed a moment ago and not projected yet: its stream says as much as the screen needs.
      return fromStream(orderId, await this.facts.order(orderId));
    }
  }
}

function fromStream(orderId: string, order: OrderState): OrderView {
  return {
    id: orderId,
    status: 'pending',
    items: order.items.map((i) => ({ courseId: i.courseId, title: i.title, price: formatKes(i.price) })),
    total: formatKes(order.total),
    method: order.method ?? 'card',
    provider: null,
    createdAt: order.placedAt ?? new Date(0).toISOString(),
    paidAt: null,
    failureReason: null,
    refundedAt: null,
    refundableUntil: null,
    refundStatus: null,
  };
}
