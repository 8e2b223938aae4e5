/**
 * Search, the AI scholar and the Q&A community feed (spec part 2 §3 Search result, Q&A feed
 * response, Share payload; §7 Search and AI).
 */

/** A member found by search (backend/modules/search). */
export interface UserSearchResult {
  type: 'user';
  id: string;
  name: string;
  username: string;
  bio: string | null;
  avatar: string | null;
  /** Whether the signed-in viewer follows them (false for guests): the result's Follow button. */
  isFollowing: boolean;
  /** Whether they follow the viewer (the button reads Follow Back). */
  isFollowingBack: boolean;
}

/** A post found by search; content is the whole text (screens cut it to 200 characters). */
export interface PostSearchResult {
  type: 'post';
  id: string;
  content: string;
  likes: number;
  commentsCount: number;
  createdAt: string;
  user: { name: string; username: string; profileImage: string | null };
}

/**
 * An AI answer a member shared to the Q&A feed. An anonymous share carries no author at all
 * (user is null); the log keeps who shared it, for moderators.
 */
export interface AiAnswerView {
  id: string;
  question: string;
  answer: string;
  likes: number;
  commentsCount: number;
  isAnonymous: boolean;
  user: { name: string; username: string; profileImage: string | null } | null;
  createdAt: string;
  /** Whether the signed-in viewer liked it (false for guests). */
  isLiked: boolean;
  /** Whether the signed-in viewer shared it (false for guests and everyone else), anonymous or not. */
  isOwn: boolean;
}

export type AiAnswerSearchResult = AiAnswerView & { type: 'ai_answer' };

export type SearchResult = UserSearchResult | PostSearchResult | AiAnswerSearchResult;

/** GET /api/qa/feed: newest first; pass nextCursor back as ?cursor= for the next page. */
export interface QaFeedResponse {
  items: AiAnswerView[];
  nextCursor: string | null;
}

/** A verse the answer quotes: Arabic text and its English translation. */
export interface Citation {
  surah: number;
  ayah: number;
  surahName: string;
  arabic: string;
  translation: string;
}

/** POST /api/ai/ask {question}. */
export interface AiAskRequest {
  question: string;
}

export interface AiAskResponse {
  answer: string;
  citations: Citation[];
  disclaimer: string;
  /** offline: verses retrieved from the bundled Quran; model: a chat model grounded on them. */
  source: 'offline' | 'model';
  /** References the model wrote that are not in the Quran or misquote it; removed from the answer. */
  removedReferences: string[];
}

/** POST /api/ai-share (spec §3 Share payload). */
export interface AiShareRequest {
  question: string;
  answer: string;
  anonymous: boolean;
  /** Shared into one of the member's communities (issue 41); absent: the Q&A community only. */
  communityId?: string;
}

export interface AiShareResponse {
  id: string;
}
