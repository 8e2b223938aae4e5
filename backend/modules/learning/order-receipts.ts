import type { MailService } from '@modules/mail';
import type { ReadModels } from '@platform/read-models';
import { type UserDoc, USERS } from '@projections/identity';

import type { OrderState } from './domain/order.decider';
import type { OrderEvent } from './events';

type OrderPaid = Extract<OrderEvent, { type: 'OrderPaid' }>['data'];

/** The order's short number, as the orders page shows it (frontend/src/features/learning/format.ts). */
export const orderNumber = (orderId: string) =>
  orderId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-6)
    .toUpperCase();

/**
 * A paid order's receipt by mail, in the language the buyer checked out in (issue 40). Its mail id is
 * the order's, sent once: a payment handled twice, or again after a crash once the first was mailed,
 * queues one mail (`sendOnce`: the queue remembers the id a day). A buyer whose account is gone gets none.
 */
export class OrderReceipts {
  constructor(
    private readonly mail: Pick<MailService, 'send'>,
    private readonly readModels: ReadModels,
    private readonly publicUrl: string,
  ) {}

  async send(order: OrderState, paid: OrderPaid): Promise<void> {
    const buyer = await this.readModels.collection<UserDoc>(USERS).get(paid.userId);
    if (!buyer) return;
    await this.mail.send({
      id: `receipt-${paid.orderId}`,
      sendOnce: true,
      to: buyer.email,
      template: 'order-receipt',
      locale: order.language,
      userId: buyer.id,
      params: {
        displayName: buyer.displayName,
        link: new URL('/orders', this.publicUrl).toString(),
        orderNumber: orderNumber(paid.orderId),
        paidAt: paid.paidAt,
        provider: paid.provider,
        reference: paid.reference,
        items: order.items
          .filter((i) => paid.courseIds.includes(i.courseId))
          .map((i) => ({ title: i.title, price: i.price })),
        total: paid.amount,
      },
    });
  }
}
