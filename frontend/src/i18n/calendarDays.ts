import { dateTimeFormat } from './formatters';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Local midnight of a time's day (the reader's time zone, not UTC). */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Calendar days between two local midnights (DST-safe: rounds the 23 h / 25 h days). */
export function daysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later).getTime() - startOfDay(earlier).getTime()) / DAY_MS);
}

/** The reader's calendar day of a time, as `YYYY-MM-DD` (a `<time>`'s date, a grouping key). */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A day heading's date: '13 March' in the reader's language, with the year only when not this year's. */
export function dayDate(date: Date, language: string, now: Date): string {
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(language, { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) }).format(
    date,
  );
}
