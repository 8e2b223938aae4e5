import type { TFunction } from 'i18next';

import { dayDate, dayKey, daysBetween, startOfDay } from '@/i18n/calendarDays';

/** Spec part 2 §9: 'This Week' covers the last 7 days. */
export const THIS_WEEK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The heading a notification sits under: Today, Yesterday, This Week, or its own (local) date. */
export type DayGroup =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'thisWeek' }
  | { kind: 'date'; date: Date }
  | { kind: 'unknown' };

export interface Grouped<T> {
  key: string;
  group: DayGroup;
  items: T[];
}

/** Which group a timestamp falls in, seen from `now` in the device's time zone. */
export function dayGroupOf(createdAt: string | Date, now: Date): DayGroup {
  const date = createdAt instanceof Date ? createdAt : new Date(createdAt);
  if (Number.isNaN(date.getTime())) return { kind: 'unknown' };
  const days = daysBetween(date, now);
  // A clock a little ahead of ours still means "just now".
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (now.getTime() - date.getTime() < THIS_WEEK_DAYS * DAY_MS) return { kind: 'thisWeek' };
  return { kind: 'date', date: startOfDay(date) };
}

const keyOf = (group: DayGroup): string => (group.kind === 'date' ? dayKey(group.date) : group.kind);

/**
 * Splits a newest-first list into its groups, keeping the list's order inside each group and the
 * groups in the order they first appear.
 */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now: Date): Grouped<T>[] {
  const groups = new Map<string, Grouped<T>>();
  for (const item of items) {
    const group = dayGroupOf(item.createdAt, now);
    const key = keyOf(group);
    const existing = groups.get(key);
    if (existing) existing.items.push(item);
    else groups.set(key, { key, group, items: [item] });
  }
  return [...groups.values()];
}

/** The translated heading of a group; older dates through Intl in the current language. */
export function groupLabel(group: DayGroup, t: TFunction, language: string, now: Date): string {
  switch (group.kind) {
    case 'today':
      return t('notifications.groups.today');
    case 'yesterday':
      return t('notifications.groups.yesterday');
    case 'thisWeek':
      return t('notifications.groups.thisWeek');
    case 'unknown':
      return t('notifications.groups.earlier');
    case 'date':
      return dayDate(group.date, language, now);
  }
}
