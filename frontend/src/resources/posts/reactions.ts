import type { AiAnswerView } from '@contract';

import type { Post } from './types';

export type ReactionKind = 'like' | 'bookmark' | 'repost';

/**
 * §4: a toggle flips the flag and moves the count by one at once, never below 0. Flipping to the
 * state the post is already in changes nothing (a double tap must not count twice).
 */
export function applyReaction(post: Post, kind: ReactionKind, on: boolean): void {
  const step = (n: number) => Math.max(0, (Number.isFinite(n) ? n : 0) + (on ? 1 : -1));
  if (kind === 'like') {
    if (post.isLiked === on) return;
    const likes = step(post.likes ?? post.likeCount);
    Object.assign(post, { isLiked: on, likedByMe: on, likes, likeCount: likes });
  } else if (kind === 'bookmark') {
    if (post.isBookmarked === on) return;
    Object.assign(post, { isBookmarked: on, bookmarks: step(post.bookmarks) });
  } else {
    if (post.isReposted === on) return;
    Object.assign(post, { isReposted: on, reposts: step(post.reposts) });
  }
}

/** The fields of the server's answer to a toggle (POST/DELETE /api/posts/:id/like|bookmark|repost). */
export interface ReactionAnswer {
  success: boolean;
  isLiked?: boolean;
  likedByMe?: boolean;
  likes?: number;
  likeCount?: number;
  isBookmarked?: boolean;
  bookmarks?: number;
  isReposted?: boolean;
  reposts?: number;
}

const ANSWER_FIELDS = [
  'isLiked',
  'likedByMe',
  'likes',
  'likeCount',
  'isBookmarked',
  'bookmarks',
  'isReposted',
  'reposts',
] as const;

/** Takes the server's authoritative flag and count once the toggle settles. */
export function applyReactionAnswer(post: Post, answer: ReactionAnswer): void {
  for (const field of ANSWER_FIELDS) {
    const value = answer[field];
    if (value !== undefined) (post as unknown as Record<string, unknown>)[field] = value;
  }
}

/** A like on a shared answer held as the Q&A feed shows it: the same rule as a post's. */
export function applyAnswerLike(answer: AiAnswerView, on: boolean): void {
  if (answer.isLiked === on) return;
  answer.isLiked = on;
  answer.likes = Math.max(0, (Number.isFinite(answer.likes) ? answer.likes : 0) + (on ? 1 : -1));
}

/** The server's flag and count for a shared answer once the like settles. */
export function applyAnswerLikeAnswer(answer: AiAnswerView, reply: ReactionAnswer): void {
  const liked = reply.isLiked ?? reply.likedByMe;
  const likes = reply.likes ?? reply.likeCount;
  if (liked !== undefined) answer.isLiked = liked;
  if (likes !== undefined) answer.likes = likes;
}
