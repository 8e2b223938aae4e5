/**
 * Events of the social module. Streams:
 * - `post-<id>`: the post itself (created, edited, deleted; hidden and restored by moderators, appealed);
 * - `pins-<userId>`: which post a member has pinned (one per profile, so the rule lives there);
 * - `like-<postId>-<userId>`, `bookmark-...`, `repost-...`: one small stream per member and post, so
 *   many members reacting at once never contend for one stream version;
 * - `vote-<postId>-<userId>`: a member's poll vote, for the same reason;
 * - `comment-<id>`: one stream per comment (comments on a busy post must not conflict either);
 * - `report-<id>`: one report for moderators.
 */
export type PostType = 'text' | 'media' | 'poll' | 'quote' | 'ai_answer';

/** An AI scholar answer a member shared (type ai_answer); an anonymous one names nobody outside the log. */
export interface SharedAnswerData {
  question: string;
  answer: string;
  anonymous: boolean;
}

/** A file attached to a post or comment: the media module's id and kind (URLs come from its read side). */
export interface MediaRef {
  id: string;
  kind: 'image' | 'video' | 'audio' | 'document';
}

export interface PollDefinition {
  question: string;
  options: string[];
}

export interface PostCreatedData {
  postId: string;
  userId: string;
  type: PostType;
  content: string;
  hashtags: string[];
  mentions: string[];
  poll: PollDefinition | null;
  quotedPostId: string | null;
  imageCaptions: string[];
  /** Attached files in the order sent; absent on events recorded before media existed. */
  media?: MediaRef[];
  /** type ai_answer only: what was shared (the question is also the post's content). */
  answer?: SharedAnswerData;
  /** The author's email was unverified: text only, hidden from the public feed until verified. */
  limited: boolean;
  /**
   * The community it was posted in (issue 41); `private`: a private community's, read by its members
   * only. A community's privacy never changes, so the post keeps what it was posted as.
   */
  community?: { id: string; private: boolean };
  createdAt: string;
}

export type PostEvent =
  | { type: 'PostCreated'; data: PostCreatedData }
  | {
      type: 'PostEdited';
      data: { postId: string; content: string; hashtags: string[]; mentions: string[]; editedAt: string };
    }
  | { type: 'PostDeleted'; data: { postId: string; deletedBy: string; deletedAt: string } }
  /**
   * A moderator took the post out of every list for a reason (only its author and the app's moderators
   * still open it); PostRestored brings it back. `communityId`: a moderator of that community removed
   * it from their community (absent: the app's moderators, and on removals recorded before it was kept).
   */
  | { type: 'PostHidden'; data: PostHiddenData }
  | { type: 'PostRestored'; data: { postId: string; moderatorId: string; reason: string; at: string } }
  /** Its author appealed the hiding in force (once per hiding), in their own words (possibly none). */
  | { type: 'PostAppealed'; data: PostAppealedData }
  /** A moderator read the appeal and kept the post hidden, for a reason the author is told. */
  | { type: 'PostAppealRejected'; data: { postId: string; moderatorId: string; reason: string; at: string } };

export interface PostHiddenData {
  postId: string;
  moderatorId: string;
  reason: string;
  at: string;
  communityId?: string;
}

export interface PostAppealedData {
  postId: string;
  userId: string;
  text: string;
  /** The hiding appealed against, as its PostHidden recorded it. */
  hiding: { moderatorId: string; reason: string; at: string };
  at: string;
}

export type PinEvent =
  | { type: 'PostPinned'; data: { userId: string; postId: string; previousPostId: string | null; at: string } }
  | { type: 'PostUnpinned'; data: { userId: string; postId: string; at: string } };

export type ReactionKind = 'like' | 'bookmark' | 'repost';
export const REACTION_KINDS: readonly ReactionKind[] = ['like', 'bookmark', 'repost'];

export const REACTION_EVENTS = {
  like: { on: 'PostLiked', off: 'PostUnliked' },
  bookmark: { on: 'PostBookmarked', off: 'PostUnbookmarked' },
  repost: { on: 'PostReposted', off: 'PostUnreposted' },
} as const satisfies Record<ReactionKind, { on: string; off: string }>;

export interface ReactionData {
  postId: string;
  userId: string;
  at: string;
}

export type ReactionEvent = {
  [K in ReactionKind]: {
    type: (typeof REACTION_EVENTS)[K]['on'] | (typeof REACTION_EVENTS)[K]['off'];
    data: ReactionData;
  };
}[ReactionKind];

export type VoteEvent = {
  type: 'PollVoted';
  data: { postId: string; userId: string; option: number; previousOption: number | null; at: string };
};

export type CommentEvent =
  | {
      type: 'CommentAdded';
      data: {
        commentId: string;
        postId: string;
        userId: string;
        content: string;
        hashtags: string[];
        mentions: string[];
        /** Absent on events recorded before media existed. */
        media?: MediaRef[];
        limited: boolean;
        createdAt: string;
      };
    }
  | {
      type: 'CommentDeleted';
      /** reason: present when a moderator deleted it (issue 19). */
      data: { commentId: string; postId: string; deletedBy: string; deletedAt: string; reason?: string };
    };

export type ReportEvent = {
  type: 'PostReported';
  data: {
    reportId: string;
    postId: string;
    reporterId: string;
    reason: string;
    at: string;
    /** The post's stream and version when it was reported (moderation's history link); absent on older reports. */
    history?: { streamId: string; version: number };
  };
};

export const postStream = (postId: string) => `post-${postId}`;
export const pinStream = (userId: string) => `pins-${userId}`;
export const reactionStream = (kind: ReactionKind, postId: string, userId: string) => `${kind}-${postId}-${userId}`;
export const voteStream = (postId: string, userId: string) => `vote-${postId}-${userId}`;
export const commentStream = (commentId: string) => `comment-${commentId}`;
export const reportStream = (reportId: string) => `report-${reportId}`;

/**
 * Events of video posts and their drafts (spec part 2 §2 Create Video Post, §3 Video draft). Streams:
 * - `videopost-<postId>`: what the video composer added to a post (the clip, comments allowed or not,
 *   what the browser read of the file); the post itself stays on `post-<postId>`;
 * - `videodraft-<draftId>`: one draft a member keeps on the server.
 */

/** What the composer's browser measured (spec §2 Video Summary); the server's own probe is the truth. */
export interface DeclaredVideo {
  duration: number | null;
  width: number | null;
  height: number | null;
  size: number | null;
  format: string | null;
}

export interface VideoPostSubmittedData {
  postId: string;
  userId: string;
  mediaId: string;
  allowComments: boolean;
  declared: DeclaredVideo;
  at: string;
}

export type VideoPostEvent = { type: 'VideoPostSubmitted'; data: VideoPostSubmittedData };

/** Spec part 2 §3 Video draft, minus the file bytes (they stay in the browser unless uploaded). */
export interface VideoDraftSavedData {
  draftId: string;
  userId: string;
  caption: string;
  videoFile: { name: string; size: number; type: string } | null;
  metadata: Record<string, unknown>;
  allowComments: boolean;
  /** A clip already uploaded (chunked uploader), when the member chose to keep it on the server. */
  mediaId: string | null;
  createdAt: string;
  savedAt: string;
}

export type VideoDraftEvent =
  | { type: 'VideoDraftSaved'; data: VideoDraftSavedData }
  | { type: 'VideoDraftDeleted'; data: { draftId: string; userId: string; at: string } };

export const videoPostStream = (postId: string) => `videopost-${postId}`;
export const videoDraftStream = (draftId: string) => `videodraft-${draftId}`;
