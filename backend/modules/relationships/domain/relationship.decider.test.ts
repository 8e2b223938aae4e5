import { DomainError, fold } from '../../../src/platform/decider/decider';
import { relationshipDecider, viewOf, type RelationshipAction, type RelationshipState } from './relationship.decider';
import { relationshipStream, type RelationshipEvent } from '../events';

const A = 'aaaaaaaa-0000-7000-8000-000000000001';
const B = 'bbbbbbbb-0000-7000-8000-000000000002';
const now = '2026-01-01T00:00:00.000Z';

/** Runs commands in order the way the command handler does, returning the state and every event. */
function run(...steps: [RelationshipAction, string, string][]): { state: RelationshipState; events: RelationshipEvent[] } {
  let state = relationshipDecider.initialState();
  const events: RelationshipEvent[] = [];
  for (const [type, actorId, targetId] of steps) {
    for (const e of relationshipDecider.decide(state, { type, actorId, targetId, now })) {
      events.push(e);
      state = relationshipDecider.evolve(state, e);
    }
  }
  return { state, events };
}

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('the decider accepted the command');
};

describe('relationship decider', () => {
  it('uses one stream per pair whichever member acts', () => {
    expect(relationshipStream(A, B)).toBe(relationshipStream(B, A));
    expect(relationshipStream(A, B)).toBe(`relationship-${A}-${B}`);
  });

  it('follows once however often asked, and unfollows once', () => {
    const followed = run(['Follow', A, B], ['Follow', A, B]);
    expect(followed.events).toEqual([{ type: 'UserFollowed', data: { followerId: A, followeeId: B, at: now } }]);
    const unfollowed = run(['Follow', A, B], ['Unfollow', A, B], ['Unfollow', A, B]);
    expect(unfollowed.events.map((e) => e.type)).toEqual(['UserFollowed', 'UserUnfollowed']);
    expect(viewOf(unfollowed.state, A, B).isFollowing).toBe(false);
  });

  it('unfollowing someone not followed decides nothing', () => {
    expect(run(['Unfollow', A, B]).events).toEqual([]);
  });

  it('sees "follow back" from the other side', () => {
    const { state } = run(['Follow', B, A]);
    expect(viewOf(state, A, B)).toMatchObject({ isFollowing: false, isFollowingBack: true });
    expect(viewOf(state, B, A)).toMatchObject({ isFollowing: true, isFollowingBack: false });
  });

  it('blocking removes follows both ways before the block', () => {
    const { events, state } = run(['Follow', A, B], ['Follow', B, A], ['Block', A, B]);
    expect(events.slice(2)).toEqual([
      { type: 'UserUnfollowed', data: { followerId: A, followeeId: B, at: now, reason: 'block' } },
      { type: 'UserUnfollowed', data: { followerId: B, followeeId: A, at: now, reason: 'block' } },
      { type: 'UserBlocked', data: { blockerId: A, blockedId: B, at: now } },
    ]);
    expect(viewOf(state, B, A)).toEqual({ isFollowing: false, isFollowingBack: false, isBlocked: false, hasBlockedMe: true, isMuted: false });
  });

  it('blocks once, and unblocking restores no follow', () => {
    const { events, state } = run(['Follow', A, B], ['Block', A, B], ['Block', A, B], ['Unblock', A, B], ['Unblock', A, B]);
    expect(events.map((e) => e.type)).toEqual(['UserFollowed', 'UserUnfollowed', 'UserBlocked', 'UserUnblocked']);
    expect(viewOf(state, A, B)).toMatchObject({ isFollowing: false, isBlocked: false });
  });

  it('a blocked member cannot follow the blocker, nor the blocker them until unblocking', () => {
    const blocked = run(['Block', A, B]).state;
    const byBlocked = refusal(() => relationshipDecider.decide(blocked, { type: 'Follow', actorId: B, targetId: A, now }));
    expect(byBlocked).toMatchObject({ status: 403, code: 'BLOCKED', message: 'You cannot follow this user' });
    expect(refusal(() => relationshipDecider.decide(blocked, { type: 'Follow', actorId: A, targetId: B, now })).status).toBe(403);
    expect(run(['Block', A, B], ['Unblock', A, B], ['Follow', B, A]).events.at(-1)?.type).toBe('UserFollowed');
  });

  it('mutes and unmutes idempotently, without touching follows', () => {
    const { events, state } = run(['Follow', A, B], ['Mute', A, B], ['Mute', A, B], ['Unmute', A, B], ['Unmute', A, B], ['Mute', A, B]);
    expect(events.map((e) => e.type)).toEqual(['UserFollowed', 'UserMuted', 'UserUnmuted', 'UserMuted']);
    expect(viewOf(state, A, B)).toMatchObject({ isFollowing: true, isMuted: true });
    expect(viewOf(state, B, A).isMuted).toBe(false);
  });

  it.each<RelationshipAction>(['Follow', 'Unfollow', 'Block', 'Unblock', 'Mute', 'Unmute'])('refuses %s on oneself with a 400', (type) => {
    const err = refusal(() => relationshipDecider.decide(relationshipDecider.initialState(), { type, actorId: A, targetId: A, now }));
    expect(err).toMatchObject({ status: 400, code: 'SELF_RELATIONSHIP' });
    expect(err.message).toMatch(/^You cannot \w+ yourself$/);
  });

  it('folds a replayed history to the same state', () => {
    const { events, state } = run(['Follow', A, B], ['Mute', B, A], ['Block', B, A]);
    expect(fold(relationshipDecider, events)).toEqual(state);
  });
});
