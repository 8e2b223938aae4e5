import { numberFormat } from './formatters';

/**
 * Kenyan shillings as the interface writes them, everywhere money shows (courses, carts, orders,
 * donations, the ledger, the moderators' history): 'KSh 1,500' in English, '1,500 شلن' in Arabic,
 * the number in the language's digits and cents only when there are any.
 */
export function formatKes(amount: string | number, language: string): string {
  const given = typeof amount === 'number' ? amount : Number(amount);
  const value = Number.isFinite(given) ? given : 0;
  const number = numberFormat(language, {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
  return language.startsWith('ar') ? `${number}\u00a0شلن` : `KSh\u00a0${number}`;
}
