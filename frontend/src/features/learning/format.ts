/**
 * Prices and durations as the learning screens show them. §9: free means a price of 0; money is
 * written by the app's one formatter (i18n/money.ts).
 */
import { numberFormat } from '@/i18n/formatters';

export { formatKes } from '@/i18n/money';

export const isFreePrice = (price: string) => Number(price) === 0;

/** The signed-in member teaches the course: offered to edit it, never to buy it (the server refuses). */
export const teachesCourse = (course: { vendor: { userId: string } }, user: { id: string } | null | undefined) =>
  !!user && course.vendor.userId === user.id;

/** §2: a promo price is shown struck through only when it is greater than the price. */
export function shownPromo(price: string, promo: string | null): string | null {
  return promo !== null && Number(promo) > Number(price) ? promo : null;
}

/** Hours and minutes of a total length: { h: 4, m: 32 }. */
export function hoursMinutes(seconds: number): { h: number; m: number } {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** A lesson's length as the player shows it: '12:05' or '1:02:03'. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

export const formatCount = (n: number, language: string) => numberFormat(language).format(n);

/**
 * An order's short number, 'A1B2C3': the end of its id. Ids are UUIDv7, whose start is the creation
 * time (orders of one day share it) and whose end is random; M-Pesa's account reference ends the same way.
 */
export const orderNumber = (id: string) =>
  id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-6)
    .toUpperCase();
