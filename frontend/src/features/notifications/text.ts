import type { PostModerationNoticeType } from '@contract';
import type { TFunction } from 'i18next';

import type { KeyUnder } from '@/i18n';
import { isolate } from '@/i18n/formatters';
import { formatKes } from '@/i18n/money';

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
  'order_refunded',
  'orphan_funded',
  'donation_made',
  'goal_reached',
  'donations_opened',
  'admin_announcement',
  'app_update',
  'verification_success',
  'post_appealed',
] as const satisfies ReadonlyArray<KeyUnder<'notifications.type'>>;

/**
 * Community notices (issue 41): the names in them are the members' own words, in either script, so
 * each is isolated (U+2068…U+2069, the plain-text <bdi>) and cannot pull the sentence's words or
 * punctuation into its own direction.
 */
const COMMUNITY_TYPES = [
  'community_post',
  'community_announcement',
  'community_join_request',
  'community_join_approved',
  'community_deleted',
] as const satisfies ReadonlyArray<KeyUnder<'notifications.type'>>;

/** Their `content` is the community's name (a course's title): said in the sentence, not again under it. */
const NAMES_THE_COMMUNITY = new Set<string>([
  'community_join_request',
  'community_join_approved',
  'community_deleted',
  'course_completed',
]);

type KnownType = (typeof KNOWN_TYPES)[number];
type CommunityType = (typeof COMMUNITY_TYPES)[number];
const KNOWN = new Set<string>(KNOWN_TYPES);
const COMMUNITY = new Set<string>(COMMUNITY_TYPES);
const isKnownType = (type: string): type is KnownType => KNOWN.has(type);
const isCommunityType = (type: string): type is CommunityType => COMMUNITY.has(type);

/**
 * What a post's author is told of the moderators' decisions on it: the app's words in the reader's
 * language, with `content` (the moderators' reason, in whichever script) said in the sentence,
 * isolated; nothing for a post shown again.
 */
const POST_MODERATION_TYPES = [
  'post_hidden',
  'post_restored',
  'post_appeal_accepted',
  'post_appeal_rejected',
] as const satisfies ReadonlyArray<KeyUnder<'notifications.type'> & PostModerationNoticeType>;
const POST_MODERATION = new Set<string>(POST_MODERATION_TYPES);
const isPostModerationType = (type: string): type is PostModerationNoticeType => POST_MODERATION.has(type);

/** The sentence for a notification in the current language ('Bilal liked your post'). */
export function notificationText(n: AppNotification, t: TFunction): string {
  const name = n.actor?.name?.trim() || n.actor?.username || '';
  // Closed by the app's moderators: nobody's name, the app's words.
  if (n.type === 'community_deleted' && !n.actor)
    return t('notifications.communityClosedByStaff', {
      community: isolate(n.content.trim() || t('notifications.aCommunity')),
    });
  if (isCommunityType(n.type))
    return t(`notifications.type.${n.type}`, {
      name: isolate(name || t('notifications.someone')),
      community: isolate(n.content.trim() || t('notifications.aCommunity')),
    });
  // A certificate of completion (issue 40): the course's title, isolated as a community's name is.
  if (n.type === 'course_completed')
    return t('notifications.type.course_completed', { course: isolate(n.content.trim()) });
  if (isPostModerationType(n.type)) return t(`notifications.type.${n.type}`, { reason: isolate(n.content.trim()) });
  if (isKnownType(n.type)) return t(`notifications.type.${n.type}`, { name: name || t('notifications.someone') });
  return name ? t('notifications.type.other', { name }) : t('notifications.type.otherNoActor');
}

/** 'KSh 1,500.50' as the server writes amounts, in the reader's form. */
const amountIn = (written: string, language: string) => formatKes(written.slice(4).replace(/,/g, ''), language);
const KSH = String.raw`(KSh [\d,]+(?:\.\d{2})?)`;
const ORPHAN = '(ORP-KE-[^ ·]+)';

/**
 * A donation notice's facts as the server writes them ('KSh 500 · ORP-KE-0042'; support.ts of the
 * notifications projection), said in the reader's words; null for a notice written before them.
 */
const DONATION_FACTS: Record<
  string,
  { pattern: RegExp; say: (parts: string[], t: TFunction, lang: string) => string }
> = {
  donation_made: {
    pattern: new RegExp(`^${KSH}(?: · ${ORPHAN})?$`),
    say: ([amount, orphan], t, lang) =>
      t('notifications.donationFacts.donation', {
        amount: amountIn(amount!, lang),
        to: orphan ? isolate(orphan) : t('notifications.donationFacts.generalFund'),
      }),
  },
  orphan_funded: {
    pattern: new RegExp(`^${ORPHAN} · ${KSH} · ${KSH} · ${KSH}$`),
    say: ([orphan, amount, raised, goal], t, lang) =>
      t('notifications.donationFacts.funded', {
        orphan: isolate(orphan!),
        amount: amountIn(amount!, lang),
        raised: amountIn(raised!, lang),
        goal: amountIn(goal!, lang),
      }),
  },
  goal_reached: {
    pattern: new RegExp(`^${ORPHAN} · ${KSH}$`),
    say: ([orphan, goal], t, lang) =>
      t('notifications.donationFacts.goal', { orphan: isolate(orphan!), goal: amountIn(goal!, lang) }),
  },
};

/**
 * The line under the sentence (a post's opening words), or null when the sentence already says it.
 * A refund's line is its amount and courses as the server wrote them ('KSh 1,500 · Tajweed'): the
 * amount is said the reader's way; a donation's facts are said in the reader's words (with `t`).
 */
export function notificationSnippet(n: AppNotification, language = 'en', t?: TFunction): string | null {
  if (!n.content || NAMES_THE_COMMUNITY.has(n.type) || POST_MODERATION.has(n.type)) return null;
  const facts = DONATION_FACTS[n.type];
  const parts = facts?.pattern.exec(n.content);
  if (facts && parts && t) return facts.say(parts.slice(1), t, language);
  if (n.type !== 'order_refunded') return n.content;
  return n.content.replace(/KSh [\d,]+(?:\.\d{1,2})?/g, (written) => amountIn(written, language));
}
