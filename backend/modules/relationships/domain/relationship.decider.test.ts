import { fold } from '@platform/decider';
import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { relationshipStream } from '../events';
import { type RelationshipAction, relationshipDecider, viewOf } from './relationship.decider';

type RelationshipEvent = Parameters<typeof relationshipDecider.evolve>[1];

const A = 'aaaaaaaa-0000-7000-8000-000000000001';
const B = 'bbbbbbbb-0000-7000-8000-000000000002';
const now = '2026-01-01T00:00:00.000Z';
const spec = DeciderSpec.for(relationshipDecider);
const command = (type: RelationshipAction, actorId: string, targetId: string) => ({ type, actorId, targetId, now });

/** Runs commands in order the way the command handler does: each one given what the earlier decided. */
function run(...steps: [RelationshipAction, string, string][]) {
  const events: RelationshipEvent[] = [];
  for (const step of steps)
    events.push(
      ...spec
        .given(events)
        .when(command(...step))
        .decide().events,
    );
  return { events, state: spec.given(events).state(), given: spec.given(events) };
}

describe('relationship decider', () => {
  it('uses one stream per pair whichever member acts', () => {
    expect(relationshipStream(A, B)).toBe(relationshipStream(B, A));
    expect(relationshipStream(A, B)).toBe(`relationship-${A}-${B}`);
  });

  it('follows once however often asked, and unfollows once', () => {
    const once = spec
      .when(command('Follow', A, B))
      .then([{ type: 'UserFollowed', data: { followerId: A, followeeId: B, at: now } }]);
    spec
      .given(once.events)
      .when(command('Follow', A, B))
      .thenNothingHappened();
    const unfollowed = run(['Follow', A, B], ['Unfollow', A, B]);
    expect(unfollowed.events.map((e) => e.type)).toEqual(['UserFollowed', 'UserUnfollowed']);
    unfollowed.given.when(command('Unfollow', A, B)).thenNothingHappened();
    expect(viewOf(unfollowed.state, A, B).isFollowing).toBe(false);
  });

  it('unfollowing someone not followed decides nothing', () => {
    spec.when(command('Unfollow', A, B)).thenNothingHappened();
  });

  it('sees "follow back" from the other side', () => {
    const { state } = run(['Follow', B, A]);
    expect(viewOf(state, A, B)).toMatchObject({ isFollowing: false, isFollowingBack: true });
    expect(viewOf(state, B, A)).toMatchObject({ isFollowing: true, isFollowingBack: false });
  });

  it('blocking removes follows both ways before the block', () => {
    const { state } = run(['Follow', A, B], ['Follow', B, A])
      .given.when(command('Block', A, B))
      .then([
        { type: 'UserUnfollowed', data: { followerId: A, followeeId: B, at: now, reason: 'block' } },
        { type: 'UserUnfollowed', data: { followerId: B, followeeId: A, at: now, reason: 'block' } },
        { type: 'UserBlocked', data: { blockerId: A, blockedId: B, at: now } },
      ]);
    expect(viewOf(state, B, A)).toEqual({
      isFollowing: false,
      isFollowingBack: false,
      isBlocked: false,
      hasBlockedMe: true,
      isMuted: false,
    });
  });

  it('blocks once, and unblocking restores no follow', () => {
    const blocked = run(['Follow', A, B], ['Block', A, B]);
    blocked.given.when(command('Block', A, B)).thenNothingHappened();
    const unblocked = run(['Follow', A, B], ['Block', A, B], ['Unblock', A, B]);
    unblocked.given.when(command('Unblock', A, B)).thenNothingHappened();
    expect(unblocked.events.map((e) => e.type)).toEqual([
      'UserFollowed',
      'UserUnfollowed',
      'UserBlocked',
      'UserUnblocked',
    ]);
    expect(viewOf(unblocked.state, A, B)).toMatchObject({ isFollowing: false, isBlocked: false });
  });

  it('a blocked member cannot follow the blocker, nor the blocker them until unblocking', () => {
    const blocked = run(['Block', A, B]).given;
    blocked
      .when(command('Follow', B, A))
      .thenThrows({ status: 403, code: 'BLOCKED', message: 'You cannot follow this user' });
    blocked.when(command('Follow', A, B)).thenThrows({ status: 403 });
    run(['Block', A, B], ['Unblock', A, B])
      .given.when(command('Follow', B, A))
      .then((events) => expect(events.at(-1)?.type).toBe('UserFollowed'));
  });

  it('mutes and unmutes idempotently, without touching follows', () => {
    const { events, state } = run(
      ['Follow', A, B],
      ['Mute', A, B],
      ['Mute', A, B],
      ['Unmute', A, B],
      ['Unmute', A, B],
      ['Mute', A, B],
    );
    expect(events.map((e) => e.type)).toEqual(['UserFollowed', 'UserMuted', 'UserUnmuted', 'UserMuted']);
    expect(viewOf(state, A, B)).toMatchObject({ isFollowing: true, isMuted: true });
    expect(viewOf(state, B, A).isMuted).toBe(false);
  });

  it.each<RelationshipAction>(['Follow', 'Unfollow', 'Block', 'Unblock', 'Mute', 'Unmute'])(
    'refuses %s on oneself with a 400',
    (type) => {
      const err = spec.when(command(type, A, A)).thenThrows({ status: 400, code: 'SELF_RELATIONSHIP' });
      expect(err.message).toMatch(/^You cannot \w+ yourself$/);
    },
  );

  it('folds a replayed history to the same state', () => {
    const { events, state } = run(['Follow', A, B], ['Mute', B, A], ['Block', B, A]);
    expect(fold(relationshipDecider, events)).toEqual(state);
  });
});
