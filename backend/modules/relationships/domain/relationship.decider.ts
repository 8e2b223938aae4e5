import type { RelationshipView } from '@contract';

import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { RelationshipEvent } from '../events';

/** Who follows, blocks and mutes whom within one pair (keys are the acting member's id). */
export interface RelationshipState {
  follows: Record<string, true>;
  blocks: Record<string, true>;
  mutes: Record<string, true>;
}

export type RelationshipAction = 'Follow' | 'Unfollow' | 'Block' | 'Unblock' | 'Mute' | 'Unmute';

export interface RelationshipCommand {
  type: RelationshipAction;
  actorId: string;
  targetId: string;
  now: string;
}

const initialState = (): RelationshipState => ({ follows: {}, blocks: {}, mutes: {} });

const without = (set: Record<string, true>, id: string) => {
  const next = { ...set };
  delete next[id];
  return next;
};

function evolve(s: RelationshipState, e: RelationshipEvent): RelationshipState {
  switch (e.type) {
    case 'UserFollowed':
      return { ...s, follows: { ...s.follows, [e.data.followerId]: true } };
    case 'UserUnfollowed':
      return { ...s, follows: without(s.follows, e.data.followerId) };
    case 'UserBlocked':
      return { ...s, blocks: { ...s.blocks, [e.data.blockerId]: true } };
    case 'UserUnblocked':
      return { ...s, blocks: without(s.blocks, e.data.blockerId) };
    case 'UserMuted':
      return { ...s, mutes: { ...s.mutes, [e.data.muterId]: true } };
    case 'UserUnmuted':
      return { ...s, mutes: without(s.mutes, e.data.muterId) };
  }
}

const SELF: Record<RelationshipAction, string> = {
  Follow: 'You cannot follow yourself',
  Unfollow: 'You cannot unfollow yourself',
  Block: 'You cannot block yourself',
  Unblock: 'You cannot unblock yourself',
  Mute: 'You cannot mute yourself',
  Unmute: 'You cannot unmute yourself',
};

/** Every action is idempotent: asking for the state that already holds decides nothing. */
function decide(s: RelationshipState, c: RelationshipCommand): RelationshipEvent[] {
  const { actorId: me, targetId: them, now: at } = c;
  if (me === them) throw new DomainError('SELF_RELATIONSHIP', SELF[c.type], 400);
  switch (c.type) {
    case 'Follow':
      if (s.blocks[them]) throw new DomainError('BLOCKED', 'You cannot follow this user', 403);
      if (s.blocks[me]) throw new DomainError('BLOCKED', 'You have blocked this user. Unblock them to follow.', 403);
      return s.follows[me] ? [] : [{ type: 'UserFollowed', data: { followerId: me, followeeId: them, at } }];
    case 'Unfollow':
      return s.follows[me]
        ? [{ type: 'UserUnfollowed', data: { followerId: me, followeeId: them, at, reason: 'unfollow' } }]
        : [];
    case 'Block': {
      if (s.blocks[me]) return [];
      const events: RelationshipEvent[] = [];
      if (s.follows[me])
        events.push({ type: 'UserUnfollowed', data: { followerId: me, followeeId: them, at, reason: 'block' } });
      if (s.follows[them])
        events.push({ type: 'UserUnfollowed', data: { followerId: them, followeeId: me, at, reason: 'block' } });
      events.push({ type: 'UserBlocked', data: { blockerId: me, blockedId: them, at } });
      return events;
    }
    case 'Unblock':
      return s.blocks[me] ? [{ type: 'UserUnblocked', data: { blockerId: me, blockedId: them, at } }] : [];
    case 'Mute':
      return s.mutes[me] ? [] : [{ type: 'UserMuted', data: { muterId: me, mutedId: them, at } }];
    case 'Unmute':
      return s.mutes[me] ? [{ type: 'UserUnmuted', data: { muterId: me, mutedId: them, at } }] : [];
  }
}

export const relationshipDecider: Decider<RelationshipState, RelationshipCommand, RelationshipEvent> = {
  initialState,
  evolve,
  decide,
};

/** How the pair looks from one member's side. */
export function viewOf(s: RelationshipState, me: string, them: string): RelationshipView {
  return {
    isFollowing: !!s.follows[me],
    isFollowingBack: !!s.follows[them],
    isBlocked: !!s.blocks[me],
    hasBlockedMe: !!s.blocks[them],
    isMuted: !!s.mutes[me],
  };
}
