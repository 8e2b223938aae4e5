import { useStore } from 'react-redux';

import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import type { AppDispatch, RootState } from '@/app/store';
import { patchPostEverywhere, type Post } from '@/resources/posts';
import { type PostUpdatedPush, SOCKET_EVENTS, useSocketEvent } from '@/resources/realtime';

/**
 * Counters that a `post_updated` push may carry, each with the alias the Post type keeps in step
 * (the API answers both spellings).
 */
const COUNTERS: ReadonlyArray<readonly [keyof Post, keyof Post | null]> = [
  ['likes', 'likeCount'],
  ['likeCount', 'likes'],
  ['commentsCount', 'commentCount'],
  ['commentCount', 'commentsCount'],
  ['reposts', null],
  ['shares', null],
  ['bookmarks', null],
];

/** The counters of a push, or null when it carries none we know (then the post is refetched). */
export function countersOf(push: PostUpdatedPush): Partial<Record<keyof Post, number>> | null {
  const counts: Partial<Record<keyof Post, number>> = {};
  for (const [field, alias] of COUNTERS) {
    // Read by name: a push carries only some of the post's fields (and comes off the wire).
    const value = (push as unknown as Partial<Record<keyof Post, unknown>>)[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) continue;
    counts[field] = value;
    if (alias && counts[alias] === undefined) counts[alias] = value;
  }
  return Object.keys(counts).length > 0 ? counts : null;
}

/** Applies a post_updated push: counters patched into every cached copy, else the post refetched. */
export function applyPostUpdate(dispatch: AppDispatch, state: RootState, push: PostUpdatedPush): void {
  if (!push || typeof push.postId !== 'string' || push.postId === '') return;
  const counts = countersOf(push);
  // A deleted post is refetched: what is left of it comes from the API, for this viewer.
  if (!counts || push.deleted === true) {
    dispatch(api.util.invalidateTags([{ type: 'Post', id: push.postId }]));
    return;
  }
  // Viewer state (isLiked, isBookmarked...) is per member and never comes in a broadcast push.
  let edited = false;
  patchPostEverywhere(dispatch, state, push.postId, {
    post: (post) => {
      Object.assign(post, counts);
      if (typeof push.editedAt === 'string' && post.editedAt !== push.editedAt) edited = true;
    },
  });
  // An edit changes the text, which a broadcast never carries: that post is fetched again.
  if (edited) dispatch(api.util.invalidateTags([{ type: 'Post', id: push.postId }]));
}

/** Keeps post counters live in every cached list while a member is signed in. */
export function usePostUpdates(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useSocketEvent(SOCKET_EVENTS.postUpdated, (push) => applyPostUpdate(dispatch, store.getState(), push));
}
