import type { TFunction } from 'i18next';
import type { AppNotification } from './types';

/** Types with their own sentence in the locale files (`notifications.type.<type>`). */
const KNOWN_TYPES = new Set([
  'like', 'comment', 'mention', 'repost', 'quote', 'follow',
  'message', 'voice_message', 'reply',
  'course_purchase', 'course_review', 'instructor_reply', 'course_approved', 'course_rejected', 'course_sale',
  'orphan_funded', 'donation_made', 'goal_reached',
  'admin_announcement', 'app_update', 'verification_success',
]);

/** The sentence for a notification in the current language ('Bilal liked your post'). */
export function notificationText(n: AppNotification, t: TFunction): string {
  const name = n.actor?.name?.trim() || n.actor?.username || '';
  if (KNOWN_TYPES.has(n.type)) return t(`notifications.type.${n.type}`, { name: name || t('notifications.someone') });
  return name ? t('notifications.type.other', { name }) : t('notifications.type.otherNoActor');
}
