import { encodeCursor } from '@platform/read-store/core/cursor';
export const NOTIFICATIONS = 'notifications';
/** The projector's own lookups, so it never reads another projector's (possibly lagging) collections. */
export const NOTIFY_MEMBERS = 'notify_members';
export const NOTIFY_POSTS = 'notify_posts';
export const NOTIFY_BLOCKS = 'notify_blocks';
/** Communities (slug and name, for the notices) and their members' notification settings. */
export const NOTIFY_COMMUNITIES = 'notify_communities';
export const NOTIFY_COMMUNITY_MEMBERS = 'notify_community_members';

export interface NotificationDoc {
  /** Derived from what happened (e.g. `like:<postId>:<actorId>`), so a replay writes the same id. */
  id: string;
  [key: string]: unknown;
  userId: string;
  actorId: string;
  type: string;
  category: string;
  targetId: string | null;
  targetType: 'post' | 'comment' | 'user' | 'conversation' | 'course' | 'community' | 'order' | 'certificate' | null;
  content: string;
  isRead: boolean;
  createdAt: string;
  /** Log position of the event that (re)created it: newest first, stable across replays. */
  position: string;
}

export interface MemberDoc {
  id: string;
  [key: string]: unknown;
  usernameLower: string;
}

export interface PostAuthorDoc {
  id: string;
  [key: string]: unknown;
  userId: string;
  content: string;
  /** Posted in a private community: a mention in it or its comments notifies its members only. */
  private?: boolean;
  communityId?: string;
  /** Its author appealed its hiding and the moderators have not decided yet. */
  appealPending?: boolean;
}

/**
 * Per member (`<userId>`): how many of their notifications are unread, kept in step with every
 * write to `notifications` (the Notifier's), so a push or a badge reads one document instead of
 * counting the member's notifications.
 */
export const NOTIFY_UNREAD = 'notify_unread';

export interface UnreadDoc {
  id: string;
  [key: string]: unknown;
  count: number;
}

/** `<conversationId>:<userId>` of a member who muted a conversation: its messages do not notify. */
export const NOTIFY_MUTES = 'notify_mutes';

export const blockId = (blocker: string, blocked: string) => `${blocker}:${blocked}`;

/** Course titles (`<courseId>`), for what course notifications say. */
export const NOTIFY_COURSES = 'notify_courses';
/** What each order bought (`<orderId>`): OrderPaid names only course ids. */
export const NOTIFY_ORDERS = 'notify_orders';

export interface CourseTitleDoc {
  id: string;
  [key: string]: unknown;
  title: string;
  teacherId: string;
}

export interface OrderItemsDoc {
  id: string;
  [key: string]: unknown;
  items: Array<{ courseId: string; teacherId: string; title: string }>;
}

export const NOTIFICATIONS_PROJECTOR = 'notifications';

/** The cursor of a notification page that ends with this notification. */
export const notificationCursor = (n: Pick<NotificationDoc, 'position' | 'id'>) =>
  encodeCursor({ value: n.position, id: n.id });

/** What every client view of a notification shows (the list and the push), in this order. */
export const notificationFields = (n: NotificationDoc) => ({
  id: n.id,
  type: n.type,
  category: n.category,
  content: n.content,
  isRead: n.isRead,
  createdAt: n.createdAt,
  targetId: n.targetId,
  targetType: n.targetType,
});

/** Admins (`<userId>`): who hears about orphans funded and goals reached (orphan support). */
export const NOTIFY_ADMINS = 'notify_admins';
/** Moderators and admins (`<userId>`): who hears that an appeal waits in the moderators' queue. */
export const NOTIFY_STAFF = 'notify_staff';
/** Each orphan's label, goal and what it has raised, to tell when a donation reaches the goal. */
export const NOTIFY_ORPHANS = 'notify_orphans';

export interface OrphanGoalDoc {
  id: string;
  [key: string]: unknown;
  uniqueId: string;
  /** KES cents. */
  goal: number;
  raised: number;
}

/**
 * Members on the notify-me list (`<address key>`, from their DonationsOpenSubscribed): once confirmed,
 * each opening of donations is a notification to them (a guest's address is only mailed).
 */
export const NOTIFY_DONATION_WATCHERS = 'notify_donation_watchers';

export interface DonationWatcherDoc {
  id: string;
  [key: string]: unknown;
  userId: string;
  confirmed: boolean;
}

export interface NotifyCommunityDoc {
  id: string;
  [key: string]: unknown;
  slug: string;
  name: string;
}

/** id `<communityId>:<userId>`, for members only (a request, invitation or ban is no membership). */
export interface NotifyCommunityMemberDoc {
  id: string;
  [key: string]: unknown;
  communityId: string;
  userId: string;
  moderator: boolean;
  notify: 'all' | 'pinned' | 'none';
}
