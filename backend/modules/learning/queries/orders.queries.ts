import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { formatKes } from '@platform/money';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { LEARNING_ORDERS, type OrderDoc } from '@projections/learning-commerce';

import { LEARNING_LIMITS, LEARNING_MESSAGES as M } from '../limits';
import type { OrderView } from '../views';
import { RefundEligibilityQueries } from './refund-eligibility.queries';

/** A member's orders, as only they see them (anyone else's order is not found). */
@Injectable()
export class OrdersQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly refunds: RefundEligibilityQueries,
  ) {}

  private get orders() {
    return this.readModels.collection<OrderDoc>(LEARNING_ORDERS);
  }

  /** Newest first; a member's orders are few (one per checkout), so one page of 100 holds them. */
  async list(userId: string): Promise<OrderView[]> {
    const page = await this.orders.find({
      where: { userId },
      sort: { field: 'createdAt', direction: 'desc' },
      limit: 100,
    });
    return this.withRefund(page.items);
  }

  async one(userId: string, orderId: string): Promise<OrderView> {
    const doc = await this.orders.get(orderId);
    if (!doc || doc.userId !== userId) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
    return (await this.withRefund([doc]))[0]!;
  }

  /** Any member's order, for moderators. */
  async forStaff(orderId: string): Promise<OrderView> {
    const doc = await this.orders.get(orderId);
    if (!doc) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
    return (await this.withRefund([doc]))[0]!;
  }

  /** Whether the buyer can still refund each order, and why not (`refund`). */
  private async withRefund(docs: OrderDoc[]): Promise<OrderView[]> {
    const refunds = await this.refunds.forOrders(docs);
    return docs.map((d) => ({ ...toOrderView(d), refund: refunds.get(d.id)! }));
  }
}

export function toOrderView(doc: OrderDoc): OrderView {
  return {
    id: doc.id,
    status: doc.status,
    items: doc.items.map((i) => ({ courseId: i.courseId, title: i.title, price: formatKes(i.price) })),
    total: formatKes(doc.total),
    method: doc.method,
    provider: doc.provider,
    createdAt: doc.createdAt,
    paidAt: doc.paidAt,
    failureReason: doc.failureReason,
    refundedAt: doc.refundedAt,
    refundableUntil:
      doc.status === 'paid' && doc.paidAt
        ? new Date(Date.parse(doc.paidAt) + LEARNING_LIMITS.refundWindowMs).toISOString()
        : null,
    refundStatus: doc.refundStatus,
  };
}
