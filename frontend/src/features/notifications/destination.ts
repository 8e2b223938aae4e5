import type { AppNotification } from './types';

const POST_TYPES = new Set([
  'like',
  'comment',
  'mention',
  'repost',
  'quote',
  'community_post',
  'community_announcement',
  // The moderators' decisions on the member's own post: they still read it, with why it is hidden.
  'post_hidden',
  'post_restored',
  'post_appeal_accepted',
  'post_appeal_rejected',
]);
const MESSAGE_TYPES = new Set(['message', 'voice_message', 'reply']);
const COURSE_TARGET_TYPES = new Set(['course_purchase', 'course_review', 'instructor_reply']);
const LEARNING_TYPES = new Set(['course_approved', 'course_rejected', 'course_sale']);
const DONATION_TYPES = new Set(['orphan_funded', 'donation_made', 'goal_reached', 'donations_opened']);

const enc = encodeURIComponent;

/**
 * Where tapping a notification leads (spec part 2 §2), or null when it leads nowhere
 * (system notices, or a post notification whose post is gone).
 */
export function destinationOf(n: AppNotification): string | null {
  if (POST_TYPES.has(n.type)) return n.targetId ? `/post/${enc(n.targetId)}` : null;
  if (n.type === 'follow') return n.actor?.username ? `/profile/${enc(n.actor.username)}` : null;
  if (MESSAGE_TYPES.has(n.type)) {
    // With its conversation known, straight to that chat (the /messages?conversation= page).
    return n.targetType === 'conversation' && n.targetId ? `/messages?conversation=${enc(n.targetId)}` : '/messages';
  }
  if (COURSE_TARGET_TYPES.has(n.type)) return n.targetId ? `/course/${enc(n.targetId)}` : '/learning';
  if (LEARNING_TYPES.has(n.type)) return '/learning';
  if (DONATION_TYPES.has(n.type)) return '/support';
  // An appeal waits in the moderators' queue (its post is hidden from everyone but them and its author).
  if (n.type === 'post_appealed') return '/moderation?tab=appeals';
  // A refund's notice names the order: the orders page shows where the money went.
  if (n.type === 'order_refunded') return '/orders';
  // A course completed: its certificate of completion.
  if (n.type === 'course_completed') return n.targetId ? `/certificates/${enc(n.targetId)}` : '/my-courses';
  // A community notice's target is the community's slug: a request waits in its queue.
  if (n.type === 'community_join_request') return n.targetId ? `/communities/${enc(n.targetId)}/requests` : null;
  if (n.type === 'community_join_approved') return n.targetId ? `/communities/${enc(n.targetId)}` : '/communities';
  // A deleted community has no page left: the list of the others.
  if (n.type === 'community_deleted') return '/communities';
  // Types this client does not know yet: follow the target when it names one.
  if (n.targetType === 'post' && n.targetId) return `/post/${enc(n.targetId)}`;
  return null;
}
