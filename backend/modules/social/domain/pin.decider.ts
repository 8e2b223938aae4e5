import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { PinEvent } from '../events';
import { MESSAGES } from '../limits';
import { isVisible, postNotFound, type PostState } from './post.decider';

/** The pins stream of one member: at most one pinned post, so pinning another unpins the last. */
export interface PinState {
  pinned: string | null;
}

export type PinCommand = { type: 'TogglePin'; actorId: string; post: PostState; at: string };

function evolve(_: PinState, e: PinEvent): PinState {
  return { pinned: e.type === 'PostPinned' ? e.data.postId : null };
}

function decide(s: PinState, c: PinCommand): PinEvent[] {
  if (!isVisible(c.post)) throw postNotFound();
  if (c.post.userId !== c.actorId) throw new DomainError('NOT_POST_OWNER', MESSAGES.pinNotOwner, 403);
  const postId = c.post.postId!;
  if (s.pinned === postId) return [{ type: 'PostUnpinned', data: { userId: c.actorId, postId, at: c.at } }];
  return [{ type: 'PostPinned', data: { userId: c.actorId, postId, previousPostId: s.pinned, at: c.at } }];
}

export const pinDecider: Decider<PinState, PinCommand, PinEvent> = {
  initialState: () => ({ pinned: null }),
  evolve,
  decide,
};
