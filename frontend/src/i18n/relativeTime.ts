import type { TFunction } from 'i18next';

import { dateTimeFormat, numberFormat } from './formatters';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** §9: Nd applies under 7 days; older times show a date. */
export const RELATIVE_DAYS_LIMIT = 7;

/**
 * Compact relative time: 'now' under a minute, then Nm, Nh, Nd (under 7 days), then a date,
 * with numbers and dates formatted by Intl in the given language.
 */
export function formatRelativeTime(
  value: string | number | Date,
  t: TFunction,
  language: string,
  now: Date = new Date(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  const number = numberFormat(language);
  if (elapsed < MINUTE) return t('time.now');
  if (elapsed < HOUR) return t('time.minutes', { n: number.format(Math.floor(elapsed / MINUTE)) });
  if (elapsed < DAY) return t('time.hours', { n: number.format(Math.floor(elapsed / HOUR)) });
  const days = Math.floor(elapsed / DAY);
  if (days < RELATIVE_DAYS_LIMIT) return t('time.days', { n: number.format(days) });
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}
