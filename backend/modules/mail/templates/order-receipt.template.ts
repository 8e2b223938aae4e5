import type { MailLocale } from '../mail-job';
import type { LinkMailParams, MailContent } from './mail-content';
import { isolate, paidOn, PROVIDER, type ReceiptProvider, shillings } from './receipt-words';

/** A paid order, as its receipt states it (amounts in KES cents). */
export interface OrderReceiptParams extends LinkMailParams {
  /** The order's short number, as the orders page shows it ('A1B2C3'). */
  orderNumber: string;
  paidAt: string;
  provider: ReceiptProvider;
  /** The provider's reference for the payment (an M-Pesa receipt number, a card charge). */
  reference: string;
  items: { title: string; price: number }[];
  total: number;
}

/**
 * Sent once when a course order is paid (issue 40: receipts in the buyer's language): what was
 * bought, for how much, when and how, and where the orders page is (refunds start there).
 */
export function orderReceipt(locale: MailLocale, p: OrderReceiptParams): MailContent {
  const lines = p.items.map((i) => `${isolate(i.title)}: ${shillings(i.price, locale)}`);
  const total = shillings(p.total, locale);
  const via = PROVIDER[locale][p.provider];
  if (locale === 'ar') {
    return {
      subject: `إيصال طلبك رقم ${p.orderNumber} من DeenConnect`,
      greeting: p.displayName ? `السلام عليكم ${p.displayName}،` : 'السلام عليكم،',
      paragraphs: [
        `شكرًا لك. وصلنا مبلغ ${total} عن طريق ${via} في ${paidOn(p.paidAt, locale)}، والدورات متاحة لك الآن:`,
        ...lines,
        `المجموع: ${total} · رقم الطلب ${p.orderNumber} · مرجع الدفع \u2066${p.reference}\u2069`,
      ],
      action: { label: 'عرض طلباتي', url: p.link },
      notes: ['يمكنك طلب استرداد المبلغ من صفحة الطلبات. احتفظ بهذه الرسالة إيصالًا لدفعتك.'],
    };
  }
  return {
    subject: `Your DeenConnect receipt for order ${p.orderNumber}`,
    greeting: p.displayName ? `Assalamu alaikum ${p.displayName},` : 'Assalamu alaikum,',
    paragraphs: [
      `Thank you. We received ${total} by ${via} on ${paidOn(p.paidAt, locale)}, and your courses are ready:`,
      ...lines,
      `Total: ${total} · Order ${p.orderNumber} · Payment reference ${p.reference}`,
    ],
    action: { label: 'View my orders', url: p.link },
    notes: ['You can ask for a refund from your orders page. Keep this email as the receipt for your payment.'],
  };
}
