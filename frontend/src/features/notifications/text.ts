import type { TFunction } from 'i18next';

import type { KeyUnder } from '@/i18n';

import type { AppNotification } from './types';

/** Types with their own sentence in the locale files (`notifications.type.<type>`). */
const KNOWN_TYPES = [
  'like',
  'comment',
  'mention',
  'repost',
  'quote',
  'follow',
  'message',
  'voice_message',
  'reply',
  'course_purchase',
  'course_review',
  'instructor_reply',
  'course_approved',
  'course_rejected',
  'course_sale',
  'orphan_funded',
  'donation_made',
  'goal_reached',
  'donations_opened',
  'admin_announcement',
  'app_update',
  'verification_success',
] as const satisfies ReadonlyArray<KeyUnder<'notifications.type'>>;

type KnownType = (typeof KNOWN_TYPES)[number];
const KNOWN = new Set<string>(KNOWN_TYPES);
const isKnownType = (type: string): type is KnownType => KNOWN.has(type);

/** The sentence for a notification in the current language ('Bilal liked your post'). */
export function notificationText(n: AppNotification, t: TFunction): string {
  const name = n.actor?.name?.trim() || n.actor?.username || '';
  if (isKnownType(n.type)) return t(`notifications.type.${n.type}`, { name: name || t('notifications.someone') });
  return name ? t('notifications.type.other', { name }) : t('notifications.type.otherNoActor');
}
