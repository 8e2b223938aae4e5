import type { DocumentView, VideoStatus } from './media';

/** The author shown on a post or comment (backend/modules/social/post-view.ts PostAuthor). */
export interface PostAuthor {
  id: string;
  name: string;
  displayName: string;
  username: string;
  profileImage: string | null;
  avatarUrl: string | null;
  isVerified: boolean;
}

/** A poll as option1..option4 with their votes (post-view.ts pollView). */
export interface PollView {
  question: string;
  option1: string;
  option2: string;
  option3?: string;
  option4?: string;
  option1Votes: number;
  option2Votes: number;
  option3Votes?: number;
  option4Votes?: number;
  totalVotes: number;
  /** 1-based option index the viewer voted for. */
  myVote: number | null;
}

/** The embedded preview of a quoted post; a removed or hidden one says so instead (post-view.ts toQuoteView). */
export type QuotedPostView =
  | { id: string; deleted: true; content: string }
  | {
      id: string;
      deleted: false;
      userId: string;
      user: PostAuthor;
      content: string;
      type: string;
      imageUrls: string[];
      createdAt: string;
    };

/** The community a post belongs to, as shown on the post (PostView.community; contract/communities.ts). */
export interface PostCommunity {
  id: string;
  slug: string;
  name: string;
  privacy: 'public' | 'private';
}

/** Spec part 1 §3 Post: both spellings of the like and comment counts (post-view.ts toPostView). */
export interface PostView {
  id: string;
  userId: string;
  user: PostAuthor;
  content: string;
  type: string;
  hashtags: string[];
  mentions: string[];
  imageUrl: string | null;
  imageUrls: string[];
  imageCaptions: string[];
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  videoDuration: number | null;
  /** Where the video's transcoding stands (null without a video); the poster exists while processing. */
  videoStatus: VideoStatus | null;
  audioUrl: string | null;
  /** Attached documents (PDF, Word, text), downloaded under their name. */
  documents: DocumentView[];
  quotedPostId: string | null;
  quotedPost: QuotedPostView | null;
  createdAt: string;
  editedAt: string | null;
  isPinned: boolean;
  likes: number;
  likeCount: number;
  isLiked: boolean;
  likedByMe: boolean;
  commentsCount: number;
  commentCount: number;
  /** Shares happen outside the app and are not counted: always 0. */
  shares: number;
  reposts: number;
  isReposted: boolean;
  bookmarks: number;
  isBookmarked: boolean;
  /** false only when a video post's author turned comments off. */
  allowComments: boolean;
  poll: PollView | null;
  /** type 'ai_answer': an AI scholar answer a member shared (contract/search.ts AiAnswerView). */
  aiQuestion: string | null;
  aiAnswer: string | null;
  /**
   * An anonymous ai_answer share: nobody is named. userId and user.id / username are '' and the
   * names are empty; screens show "Anonymous" and link nowhere.
   */
  isAnonymous: boolean;
  /**
   * The signed-in viewer wrote it (false for guests and everyone else). Computed per request, so the
   * author of an anonymous share is offered Delete without anyone else learning who wrote it.
   */
  isOwn: boolean;
  /** The community it was posted in (issue 41), or null for a post to the member's followers. */
  community: PostCommunity | null;
  /**
   * Only on a hidden post, which only its author and the app's moderators can read (everyone else
   * gets 404): why and when it was hidden, and the author's appeal.
   */
  moderation?: PostModeration;
}

/** A member's appeal of a hiding (`POST /api/posts/:id/appeal {text?}`), once per hiding. */
export interface PostAppealView {
  /** pending: the moderators have not decided; rejected: they kept the post hidden (a restore ends the hiding). */
  status: 'pending' | 'rejected';
  /** The author's words; empty when they gave none. */
  text: string;
  at: string;
  /** Why the moderators kept it hidden, and when; null while pending. */
  decision: { reason: string; at: string } | null;
}

/** Why a post is hidden (PostView.moderation). */
export interface PostModeration {
  status: 'hidden';
  /** The app's moderators, or the moderators of the community it was posted in (no appeal to the app's). */
  by: 'moderators' | 'community';
  reason: string;
  hiddenAt: string;
  appeal: PostAppealView | null;
  /** The viewer is the author and may appeal this hiding now (once, and not a community's removal). */
  canAppeal: boolean;
}

/**
 * Lists of posts (`/api/feed`, `/api/posts`, profile tabs, bookmarks) answer a plain array; the next
 * page is asked for with `?cursor=<id of the last post>&limit=N` and the end is a page shorter than N.
 */
export type PostPage = PostView[];
