import type { MailLocale } from '../mail-job';
import type { LinkMailParams, MailContent } from './mail-content';
import { isolate, paidOn, PROVIDER, type ReceiptProvider, shillings } from './receipt-words';

/** A paid donation, as its receipt states it (the amount in KES cents). */
export interface DonationReceiptParams extends LinkMailParams {
  amount: number;
  /** The orphan's public label ('ORP-KE-0042'), or null for the general fund. */
  orphan: string | null;
  isAnonymous: boolean;
  paidAt: string;
  provider: ReceiptProvider;
  /** The provider's receipt (an M-Pesa receipt number), else its payment reference. */
  reference: string;
}

/**
 * Sent once when a donation is paid (issue 40: receipts in the donor's language): how much, to whom,
 * when and how, whether the public ledger shows the donor's name, and where the ledger is.
 */
export function donationReceipt(locale: MailLocale, p: DonationReceiptParams): MailContent {
  const amount = shillings(p.amount, locale);
  const via = PROVIDER[locale][p.provider];
  const reference = `\u2066${p.reference}\u2069`;
  if (locale === 'ar') {
    return {
      subject: `إيصال تبرعك بمبلغ ${amount} لدى DeenConnect`,
      greeting: p.displayName ? `السلام عليكم ${p.displayName}،` : 'السلام عليكم،',
      paragraphs: [
        `جزاك الله خيرًا. وصلنا تبرعك بمبلغ ${amount} ${p.orphan ? `لكفالة اليتيم ${isolate(p.orphan)}` : 'للصندوق العام لكفالة الأيتام'} عن طريق ${via} في ${paidOn(p.paidAt, locale)}.`,
        p.isAnonymous ? 'يظهر تبرعك في السجل العام دون اسمك.' : 'يظهر تبرعك في السجل العام باسمك.',
        `مرجع الدفع: ${reference}`,
      ],
      action: { label: 'عرض السجل العام', url: p.link },
      notes: ['احتفظ بهذه الرسالة إيصالًا لتبرعك.'],
    };
  }
  return {
    subject: `Your DeenConnect receipt for a donation of ${amount}`,
    greeting: p.displayName ? `Assalamu alaikum ${p.displayName},` : 'Assalamu alaikum,',
    paragraphs: [
      `Jazak Allahu khayran. We received your donation of ${amount} ${p.orphan ? `for orphan ${isolate(p.orphan)}` : 'for the general orphan fund'} by ${via} on ${paidOn(p.paidAt, locale)}.`,
      p.isAnonymous ? 'The public ledger shows it without your name.' : 'The public ledger shows it with your name.',
      `Payment reference: ${reference}`,
    ],
    action: { label: 'View the public ledger', url: p.link },
    notes: ['Keep this email as the receipt for your donation.'],
  };
}
