import type { TFunction } from 'i18next';

import { numberFormat } from '@/i18n/formatters';

/** Above this the badge reads '99+'. */
export const BADGE_MAX = 99;

/** The badge text in the current language's digits: '3', '99+'. */
export function formatBadgeCount(count: number, language: string): string {
  const number = numberFormat(language);
  return count > BADGE_MAX ? `${number.format(BADGE_MAX)}+` : number.format(count);
}

/**
 * The tab's accessible name: 'Notifications' or 'Notifications, 3 unread' (the exact count), with
 * the word the tab shows (a phone's bottom bar says it shorter).
 */
export function notificationsTabLabel(t: TFunction, count: number, word: string = t('nav.notifications')): string {
  return count > 0 ? t('notifications.tabLabel', { count, label: word }) : word;
}
