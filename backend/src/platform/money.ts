/**
 * KES amounts at the edge: the spec's decimal strings in major units (part 2 §3, §9: "1500", "1499.50",
 * '0' for free) become integer cents inside, so sums and comparisons are exact.
 */

/** Major units, at most two decimals, no sign, exponent or separators. */
const DECIMAL = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/** Parses a decimal string of KES into cents; null for anything that is not a plain amount ≥ 0. */
export function parseKes(value: string): number | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents back to the spec's decimal string: whole amounts without decimals ('0', '1500'), else two ('1499.50'). */
export function formatKes(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount of KES cents: ${cents}`);
  const major = Math.floor(cents / 100);
  const minor = cents % 100;
  return minor === 0 ? String(major) : `${major}.${String(minor).padStart(2, '0')}`;
}

/** True for a whole, non-negative number of cents (what a provider's report must be before it is compared). */
export const isCents = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * Shillings for people, as the web app writes them in English (frontend/src/i18n/money.ts): 'KSh',
 * whole shillings with thousands separators, cents only when there are any ('KSh 1,500', 'KSh 99.50',
 * '-KSh 20' for money going out). Projectors call it, so it answers for any finite amount of cents
 * (rounded) rather than stop a projection over a formatting question.
 */
export function shillings(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of KES cents: ${cents}`);
  const whole = Math.round(Math.abs(cents));
  const major = Math.floor(whole / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const minor = whole % 100;
  return `${cents < 0 ? '-' : ''}KSh ${major}${minor ? `.${String(minor).padStart(2, '0')}` : ''}`;
}
