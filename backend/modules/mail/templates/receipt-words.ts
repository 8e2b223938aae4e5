import type { MailLocale } from '../mail-job';

/** The words both receipts share: money, time and how it was paid, in each language. */

export type ReceiptProvider = 'mpesa' | 'stripe' | 'sandbox';

/** Members' words (a course's title, an orphan's label), in either script: isolated inside the sentence. */
export const isolate = (words: string) => `\u2068${words.replace(/[\u2066-\u2069\u202a-\u202e]/g, '')}\u2069`;

/**
 * One formatter per language and shape, made once: building an Intl formatter costs far more than
 * formatting with it (a burst of a thousand receipts spent most of its mail CPU constructing them).
 */
function once<K extends string, F>(make: (key: K) => F): (key: K) => F {
  const made = new Map<K, F>();
  return (key) => {
    let formatter = made.get(key);
    if (!formatter) made.set(key, (formatter = make(key)));
    return formatter;
  };
}

const numbers = once((key: `${MailLocale}:${0 | 2}`) => {
  const [locale, digits] = key.split(':') as [MailLocale, string];
  return new Intl.NumberFormat(locale, { minimumFractionDigits: Number(digits), maximumFractionDigits: 2 });
});
const dates = once(
  (locale: MailLocale) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Nairobi' }),
);

/** Shillings as the web app writes them (frontend/src/i18n/money.ts): 'KSh 1,500', '1,500 شلن'. */
export function shillings(cents: number, locale: MailLocale): string {
  const value = cents / 100;
  const number = numbers(`${locale}:${Number.isInteger(value) ? 0 : 2}`).format(value);
  return locale === 'ar' ? `${number}\u00a0شلن` : `KSh\u00a0${number}`;
}

/** When it was paid, on Nairobi's clock (the app's money is Kenyan). */
export const paidOn = (iso: string, locale: MailLocale) => dates(locale).format(new Date(iso));

export const PROVIDER: Record<MailLocale, Record<ReceiptProvider, string>> = {
  en: { mpesa: 'M-Pesa', stripe: 'card', sandbox: 'the test payment service' },
  ar: { mpesa: 'M-Pesa', stripe: 'البطاقة', sandbox: 'خدمة الدفع التجريبية' },
};
