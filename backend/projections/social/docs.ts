import type { MediaRef, PostCreatedData, ReactionKind } from '@modules/social/events';

export const POSTS = 'posts';
export const POST_REACTIONS = 'post_reactions';
export const VIEWER_MARKS = 'viewer_marks';
export const COMMENTS = 'comments';
export const REPORTS = 'reports';

/**
 * public: in the feed; limited: the author's email was unverified, shown on their profile only;
 * shared: an AI answer shared to the Q&A feed (never in the home feed nor on a profile, so an
 * anonymous share cannot be traced to its author); members: posted in a private community, read by
 * its members only (in no list but the community's own and its members' home feeds).
 */
export type Visibility = 'public' | 'limited' | 'shared' | 'members' | 'deleted' | 'hidden';

/** Deleted, or hidden by a moderator (issue 19): in no list, and 404 on its own. */
export const isGone = (status: Visibility) => status === 'deleted' || status === 'hidden';

/**
 * Whether a viewer opens a post (and its comments) at its address: a hidden one is still read by
 * its author and the app's moderators, with why it is hidden; for everyone else it does not exist.
 */
export const openedBy = (post: Pick<PostDoc, 'status' | 'userId'>, viewerId: string | null, staff: boolean) =>
  !isGone(post.status) || (post.status === 'hidden' && (staff || (viewerId !== null && post.userId === viewerId)));

export interface PostDoc {
  id: string;
  [key: string]: unknown;
  userId: string;
  type: string;
  content: string;
  hashtags: string[];
  mentions: string[];
  poll: { question: string; options: string[]; votes: number[] } | null;
  quotedPostId: string | null;
  imageCaptions: string[];
  imageUrls: string[];
  videoUrl: string | null;
  /** Attached files (media module ids); absent on posts projected before media existed. */
  media?: MediaRef[];
  hasMedia: boolean;
  status: Visibility;
  /** status 'hidden': what it was before, given back on restore. */
  hiddenFrom?: Visibility | null;
  /** status 'hidden': why and when, and the author's appeal (what the author and moderators read). */
  moderation?: PostModerationDoc | null;
  isPinned: boolean;
  createdAt: string;
  editedAt: string | null;
  likes: number;
  comments: number;
  reposts: number;
  bookmarks: number;
  /** type 'ai_answer': the AI scholar's answer a member shared; absent on every other post. */
  answer?: SharedAnswer;
  /** The community it was posted in; absent on every other post. */
  communityId?: string;
  /**
   * Posted in a private community: its members' alone whatever else happens to it (an unverified
   * author's `limited` post becomes `members`, never `public`, once the address is verified).
   */
  privateCommunity?: true;
}

/**
 * A post's document as PostCreated makes it, before any reaction: what the projector writes, and
 * what the API answers with when the read model has not caught up with the post yet.
 */
export function postDocOf(d: PostCreatedData): PostDoc {
  const media = d.media ?? [];
  return {
    id: d.postId,
    userId: d.userId,
    type: d.type,
    content: d.content,
    hashtags: d.hashtags,
    mentions: d.mentions,
    poll: d.poll ? { question: d.poll.question, options: d.poll.options, votes: d.poll.options.map(() => 0) } : null,
    quotedPostId: d.quotedPostId,
    imageCaptions: d.imageCaptions,
    // The media module's stable addresses (its read side gives the variants and posters).
    imageUrls: media.filter((m) => m.kind === 'image').map((m) => `/media/${m.id}`),
    videoUrl: media.some((m) => m.kind === 'video')
      ? `/media/${media.find((m) => m.kind === 'video')!.id}/video.mp4`
      : null,
    media,
    hasMedia: media.length > 0,
    // A share into a private community is its members' alone (not in the Q&A feed either).
    status: d.community?.private
      ? d.limited
        ? 'limited'
        : 'members'
      : d.answer
        ? 'shared'
        : d.limited
          ? 'limited'
          : 'public',
    ...(d.answer ? { answer: d.answer } : {}),
    ...(d.community ? { communityId: d.community.id } : {}),
    ...(d.community?.private ? { privateCommunity: true as const } : {}),
    isPinned: false,
    createdAt: d.createdAt,
    editedAt: null,
    likes: 0,
    comments: 0,
    reposts: 0,
    bookmarks: 0,
  };
}

/** A hidden post's hiding (PostHidden) and its appeal (PostAppealed, PostAppealRejected). */
export interface PostModerationDoc {
  reason: string;
  hiddenAt: string;
  byCommunity: boolean;
  appeal: {
    status: 'pending' | 'rejected';
    text: string;
    at: string;
    decision: { reason: string; at: string } | null;
  } | null;
}

/** What a member shared from the AI scholar; an anonymous share names nobody outside the log. */
export interface SharedAnswer {
  question: string;
  answer: string;
  anonymous: boolean;
}

/** id `<kind>-<postId>-<userId>`; position is the log checkpoint, so lists sort by when it happened. */
export interface ReactionDoc {
  id: string;
  [key: string]: unknown;
  kind: ReactionKind;
  postId: string;
  userId: string;
  at: string;
  position: string;
}

/**
 * id `<postId>-<userId>`: what one member has done to one post (reactions on, poll vote), the
 * post's `viewer` field. One document per post, so a page reads one id per post, not four.
 */
export interface ViewerMarksDoc {
  id: string;
  [key: string]: unknown;
  postId: string;
  userId: string;
  liked?: boolean;
  bookmarked?: boolean;
  reposted?: boolean;
  vote?: number;
}

export interface CommentDoc {
  id: string;
  [key: string]: unknown;
  postId: string;
  userId: string;
  content: string;
  media?: MediaRef[];
  status: Visibility;
  /** On a private community's post: its members' alone, as the post (see PostDoc.privateCommunity). */
  privateCommunity?: true;
  createdAt: string;
  editedAt: string | null;
}

export interface ReportDoc {
  id: string;
  [key: string]: unknown;
  postId: string;
  reporterId: string;
  reason: string;
  status: 'open';
  createdAt: string;
}

export const reactionDocId = (kind: ReactionKind, postId: string, userId: string) => `${kind}-${postId}-${userId}`;
export const viewerMarksDocId = (postId: string, userId: string) => `${postId}-${userId}`;

export const SOCIAL_PROJECTOR = 'social';
