/**
 * Spec part 1 §3 Post as the API answers it (backend/modules/social/post-view.ts).
 * Shared by every feature that shows posts; extend, do not break.
 */
export interface PostAuthor {
  id: string;
  name: string;
  displayName: string;
  username: string;
  profileImage: string | null;
  avatarUrl: string | null;
  isVerified: boolean;
}

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

export type QuotedPost =
  | { id: string; deleted: true; content: string }
  | { id: string; deleted: false; userId: string; user: PostAuthor; content: string; type: string; imageUrls: string[]; createdAt: string };

export interface PostDocument {
  url: string;
  name?: string;
  mime: string;
  bytes: number;
}

export interface Post {
  id: string;
  userId: string;
  user: PostAuthor;
  content: string;
  type: string;
  hashtags: string[];
  mentions: string[];
  imageUrl: string | null;
  imageUrls: string[];
  imageCaptions?: string[];
  videoUrl: string | null;
  videoThumbnailUrl: string | null;
  videoDuration: number | null;
  /** Where the video's transcoding stands (null without a video); the poster exists while processing. */
  videoStatus?: 'processing' | 'ready' | 'failed' | null;
  audioUrl: string | null;
  /** Attached documents (PDF, Word, text), downloaded under their name. */
  documents?: PostDocument[];
  quotedPostId: string | null;
  quotedPost: QuotedPost | null;
  createdAt: string;
  editedAt: string | null;
  isPinned: boolean;
  likes: number;
  likeCount: number;
  isLiked: boolean;
  likedByMe: boolean;
  commentsCount: number;
  commentCount: number;
  shares: number;
  reposts: number;
  isReposted: boolean;
  bookmarks: number;
  isBookmarked: boolean;
  poll: PollView | null;
  /**
   * Video posts only: `false` when the author switched comments off (the video composer's Allow
   * Comments switch); the comments endpoint then refuses new comments. Absent means allowed.
   */
  allowComments?: boolean;
}

/**
 * Lists of posts (`/api/feed`, `/api/posts`, profile tabs, bookmarks) answer a plain array; the next
 * page is asked for with `?cursor=<id of the last post>&limit=N` and the end is a page shorter than N.
 */
export type PostList = Post[];
