/**
 * What members saw of a stream at one version (issue 38; backend/modules/moderation/history): the
 * `view` of GET /api/admin/audit/streams/:streamId/state. Folded from the stream's events, never from
 * a decider's bookkeeping, so that a moderator reads the words, media and poll members read then.
 * Amounts are KES cents, times ISO-8601 UTC.
 */

/**
 * Personal data whose key was shredded (the account was deleted): the field reads "erased" and the
 * view's `erasedAt` tells when.
 */
export type Erased = 'erased';

/** An attached file: its stable address and a small picture of it (an image's narrowest rendition, a video's poster). */
export interface HistoryMedia {
  id: string;
  kind: 'image' | 'video' | 'audio' | 'document';
  url: string;
  thumbnailUrl: string | null;
}

export type PostVisibility =
  | { status: 'live' }
  | { status: 'edited'; editedAt: string }
  | { status: 'hidden'; by: string; at: string; reason: string }
  | { status: 'deleted'; by: string; at: string };

export interface PostHistoryView {
  kind: 'post';
  postId: string;
  authorId: string;
  type: 'text' | 'media' | 'poll' | 'quote' | 'ai_answer';
  content: string;
  hashtags: string[];
  mentions: string[];
  media: HistoryMedia[];
  imageCaptions: string[];
  /** Votes counted from the members' vote streams up to the time of the version shown. */
  poll: { question: string; options: { text: string; votes: number }[] } | null;
  quotedPostId: string | null;
  answer: { question: string; answer: string; anonymous: boolean } | null;
  /** `limited`: the author's email was unverified, so the post stayed out of the public feed. */
  /** Who could read it: everyone, its author alone (an unverified address), a private community's members. */
  audience: 'public' | 'limited' | 'members';
  createdAt: string;
  editedAt: string | null;
  visibility: PostVisibility;
  /** The author's appeals of its hidings, oldest first, each with its outcome. */
  appeals: PostAppealHistory[];
}

/** One appeal of a post's hiding (PostAppealed) and what the moderators decided. */
export interface PostAppealHistory {
  at: string;
  text: string;
  /** When the hiding it answers was decided. */
  hiddenAt: string;
  outcome:
    | { status: 'pending' }
    | { status: 'granted' | 'rejected'; by: string; at: string; reason: string }
    | { status: 'withdrawn'; at: string };
}

export interface CommentHistoryView {
  kind: 'comment';
  commentId: string;
  postId: string;
  authorId: string;
  content: string;
  media: HistoryMedia[];
  audience: 'public' | 'limited' | 'members';
  createdAt: string;
  /** A moderator's deletion carries the reason; the author's does not. */
  visibility: { status: 'live' } | { status: 'deleted'; by: string; at: string; reason: string | null };
}

export interface ProfileHistoryView {
  kind: 'profile';
  userId: string;
  /** null: never set on this stream (sign-up's name lives on the user stream). */
  displayName: string | null | Erased;
  bio: string | null | Erased;
  location: string | null | Erased;
  /** The profile's link. */
  website: string | null | Erased;
  avatarUrl: string | null | Erased;
  bannerUrl: string | null | Erased;
  updatedAt: string | null;
  erasedAt: string | null;
}

/** A member's account as others saw it (never the email or sessions). */
export interface UserHistoryView {
  kind: 'user';
  userId: string;
  username: string;
  displayName: string | Erased;
  role: 'member' | 'vendor' | 'moderator' | 'admin';
  registeredAt: string;
  emailVerified: boolean;
  suspended: { until: string; reason: string; by: string; at: string } | null;
  deletedAt: string | null;
  erasedAt: string | null;
}

export interface CourseHistoryView {
  kind: 'course';
  courseId: string;
  teacherId: string;
  title: string;
  description: string;
  category: string;
  level: string;
  price: number;
  promoPrice: number | null;
  thumbnail: HistoryMedia | null;
  whatYouWillLearn: string[];
  /** The outline: section and lesson titles (a lesson's text and video are not part of it). */
  curriculum: { title: string; lessons: { title: string; durationSec: number; freePreview: boolean }[] }[];
  published: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

/** A refund the provider was asked for (an order's, or a flagged payment given back). */
export interface HistoryRefund {
  reference: string;
  amount: number;
  status: 'refunded' | 'pending' | 'manual_required';
  refundReference: string | null;
  at: string;
}

/** Provider references only: never a card, a phone number or its digest. */
export interface OrderHistoryView {
  kind: 'order';
  orderId: string;
  buyerId: string;
  items: { courseId: string; title: string; price: number }[];
  total: number;
  currency: 'KES';
  method: 'card' | 'mpesa';
  status: PaymentStatus;
  provider: string | null;
  references: string[];
  paid: { amount: number; reference: string; at: string } | null;
  failureReason: string | null;
  flagged: { amount: number; reference: string; reason: string; at: string }[];
  refunded: { amount: number; by: string; reason: string | null; at: string } | null;
  refunds: HistoryRefund[];
  placedAt: string;
}

export interface DonationHistoryView {
  kind: 'donation';
  donationId: string;
  donorId: string;
  /** Members saw "Anonymous"; moderators still see who gave. */
  anonymous: boolean;
  orphanId: string | null;
  amount: number;
  currency: 'KES';
  method: 'card' | 'mpesa';
  status: 'pending' | 'paid' | 'failed';
  provider: string | null;
  references: string[];
  receipt: string | null;
  failureReason: string | null;
  flagged: { amount: number; reference: string; reason: string; at: string }[];
  refunds: HistoryRefund[];
  pledgedAt: string;
}

export interface ConversationHistoryView {
  kind: 'conversation';
  conversationId: string;
  participants: string[];
  startedBy: string;
  startedAt: string;
  /** Messages sent in it up to the time of the version shown (their text is on each message's stream). */
  messageCount: number;
  /** Each participant's own settings. */
  members: Record<string, { muted: boolean; archived: boolean }>;
}

export interface MessageHistoryView {
  kind: 'message';
  messageId: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  messageType: 'text' | 'image' | 'video' | 'audio';
  sentAt: string;
  replyToId: string | null;
  /** Private messages are shown only once their recipient reported them. */
  reported: { at: string } | null;
  /** null while withheld. */
  text: string | null;
  mediaId: string | null;
  withheld: boolean;
  /** Why the text is not shown, when it is not. */
  note: string | null;
}

/** A community as members saw its page: what it says, who runs it, its counts, pins, removals, mutes and bans. */
export interface CommunityHistoryView {
  kind: 'community';
  communityId: string;
  slug: string;
  name: string;
  description: string;
  rules: string[];
  category: string;
  city: string;
  privacy: 'public' | 'private';
  avatarUrl: string | null;
  bannerUrl: string | null;
  ownerId: string;
  moderators: string[];
  members: number;
  pendingRequests: number;
  /** Pinned announcements, latest pinned first. */
  pinned: string[];
  /** Posts its moderators removed, with why. */
  removed: { postId: string; by: string; reason: string; at: string }[];
  /** Members muted now (they read but cannot post or comment), with why. */
  mutes: { userId: string; by: string; reason: string; at: string }[];
  /** Members banned now, with why. */
  bans: { userId: string; by: string; reason: string; at: string }[];
  /** Deleted by its owner or (asStaff) the app's moderators, with their reason; null while it stands. */
  deleted: { by: string; asStaff: boolean; reason: string | null; at: string } | null;
  updatedAt: string;
}

export type AuditView =
  | CommunityHistoryView
  | PostHistoryView
  | CommentHistoryView
  | ProfileHistoryView
  | UserHistoryView
  | CourseHistoryView
  | OrderHistoryView
  | DonationHistoryView
  | ConversationHistoryView
  | MessageHistoryView;

/** One field that changed between two versions, by dotted path (`poll.options.1.votes`); null where absent. */
export interface AuditChange {
  path: string;
  before: unknown;
  after: unknown;
}
