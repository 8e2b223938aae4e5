import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { CommunityEvent } from '../events';
import { type CommunityCommand, communityDecider } from './community.decider';

const C = 'cccccccc-0000-7000-8000-000000000001';
const [OWNER, MOD, AMINA, YUSUF] = ['owner', 'mod', 'amina', 'yusuf'];
const now = '2026-11-30T08:00:00.000Z';
const spec = DeciderSpec.for(communityDecider);
type Cmd = CommunityCommand extends infer T ? (T extends unknown ? Omit<T, 'now'> : never) : never;
const cmd = (c: Cmd) => ({ ...c, now }) as CommunityCommand;

const profile = {
  name: 'Tajweed circle',
  description: '',
  rules: [],
  category: 'study_circle' as const,
  city: 'Nairobi',
  avatarMediaId: null,
  bannerMediaId: null,
};
const created = (privacy: 'public' | 'private'): CommunityEvent => ({
  type: 'CommunityCreated',
  data: { communityId: C, at: now, slug: 'tajweed', privacy, ownerId: OWNER, ...profile },
});
const joined = (userId: string, via: 'open' | 'invite' | 'approval' = 'open', by = userId): CommunityEvent => ({
  type: 'CommunityJoined',
  data: { communityId: C, at: now, userId, via, by },
});
const promoted = (userId: string): CommunityEvent => ({
  type: 'CommunityRoleChanged',
  data: { communityId: C, at: now, userId, by: OWNER, role: 'moderator' },
});

describe('community decider', () => {
  it('creates a community owned by its creator; nothing else is decided on one that does not exist', () => {
    spec
      .when(cmd({ type: 'Create', communityId: C, slug: 'tajweed', privacy: 'public', profile, actorId: OWNER }))
      .then([created('public')]);
    spec.when(cmd({ type: 'Join', actorId: AMINA })).thenThrows({ code: 'COMMUNITY_NOT_FOUND', status: 404 });
  });

  it('a public community lets a member in at once, once; a private one takes a request, a moderator approves', () => {
    spec
      .given([created('public')])
      .when(cmd({ type: 'Join', actorId: AMINA }))
      .then([joined(AMINA)]);
    spec
      .given([created('public'), joined(AMINA)])
      .when(cmd({ type: 'Join', actorId: AMINA }))
      .thenNothingHappened();
    const requested: CommunityEvent = {
      type: 'CommunityJoinRequested',
      data: { communityId: C, at: now, userId: AMINA },
    };
    spec
      .given([created('private')])
      .when(cmd({ type: 'Join', actorId: AMINA }))
      .then([requested]);
    spec
      .given([created('private'), requested])
      .when(cmd({ type: 'Approve', userId: AMINA, actorId: YUSUF }))
      .thenThrows('NOT_COMMUNITY_MODERATOR');
    spec
      .given([created('private'), requested])
      .when(cmd({ type: 'Approve', userId: AMINA, actorId: OWNER }))
      .then([joined(AMINA, 'approval', OWNER)]);
    spec
      .given([created('private')])
      .when(cmd({ type: 'Decline', userId: AMINA, actorId: OWNER }))
      .thenThrows('REQUEST_NOT_FOUND');
    spec
      .given([created('private'), requested])
      .when(cmd({ type: 'Leave', actorId: AMINA }))
      .then([{ type: 'CommunityJoinRequestWithdrawn', data: { communityId: C, at: now, userId: AMINA } }]);
  });

  it('an invitation opens a private community without a request', () => {
    const invited: CommunityEvent = {
      type: 'CommunityMemberInvited',
      data: { communityId: C, at: now, userId: AMINA, by: OWNER },
    };
    spec
      .given([created('private')])
      .when(cmd({ type: 'Invite', userId: AMINA, actorId: OWNER }))
      .then([invited]);
    spec
      .given([created('private'), invited])
      .when(cmd({ type: 'Join', actorId: AMINA }))
      .then([joined(AMINA, 'invite')]);
    spec
      .given([created('private'), joined(AMINA)])
      .when(cmd({ type: 'Invite', userId: YUSUF, actorId: AMINA }))
      .thenThrows('NOT_COMMUNITY_MODERATOR');
  });

  it('a ban removes the member and keeps them out: no rejoin, no request, no invitation', () => {
    const banned: CommunityEvent = {
      type: 'CommunityMemberBanned',
      data: { communityId: C, at: now, userId: AMINA, by: OWNER, reason: 'Spam' },
    };
    const given = spec.given([created('public'), joined(AMINA), banned]);
    expect(given.state().members[AMINA]).toBeUndefined();
    given.when(cmd({ type: 'Join', actorId: AMINA })).thenThrows({ code: 'COMMUNITY_BANNED', status: 403 });
    spec
      .given([created('private'), banned])
      .when(cmd({ type: 'Join', actorId: AMINA }))
      .thenThrows('COMMUNITY_BANNED');
    given.when(cmd({ type: 'Invite', userId: AMINA, actorId: OWNER })).thenThrows('COMMUNITY_BANNED');
    given
      .when(cmd({ type: 'Unban', userId: AMINA, actorId: OWNER }))
      .then([{ type: 'CommunityMemberUnbanned', data: { communityId: C, at: now, userId: AMINA, by: OWNER } }]);
  });

  it('moderators act on members, only the owner on moderators, nobody on the owner or themself', () => {
    const base = [created('public'), joined(MOD), promoted(MOD), joined(AMINA), joined(YUSUF), promoted(YUSUF)];
    spec
      .given(base)
      .when(cmd({ type: 'Mute', userId: AMINA, actorId: MOD, reason: 'Calm' }))
      .then([
        { type: 'CommunityMemberMuted', data: { communityId: C, at: now, userId: AMINA, by: MOD, reason: 'Calm' } },
      ]);
    spec
      .given(base)
      .when(cmd({ type: 'Ban', userId: YUSUF, actorId: MOD, reason: 'x' }))
      .thenThrows('CANNOT_MODERATE_MODERATOR');
    spec
      .given(base)
      .when(cmd({ type: 'Ban', userId: OWNER, actorId: MOD, reason: 'x' }))
      .thenThrows('CANNOT_MODERATE_OWNER');
    spec
      .given(base)
      .when(cmd({ type: 'Ban', userId: MOD, actorId: MOD, reason: 'x' }))
      .thenThrows('SELF_MODERATION');
    spec
      .given(base)
      .when(cmd({ type: 'Ban', userId: YUSUF, actorId: OWNER, reason: 'x' }))
      .then([
        { type: 'CommunityMemberBanned', data: { communityId: C, at: now, userId: YUSUF, by: OWNER, reason: 'x' } },
      ]);
    spec
      .given(base)
      .when(cmd({ type: 'SetRole', userId: AMINA, role: 'moderator', actorId: MOD }))
      .thenThrows('NOT_COMMUNITY_OWNER');
  });

  it('the owner hands ownership over before leaving, and stays on as a moderator', () => {
    const base = [created('public'), joined(AMINA)];
    spec
      .given(base)
      .when(cmd({ type: 'Leave', actorId: OWNER }))
      .thenThrows({ code: 'OWNER_CANNOT_LEAVE', status: 409 });
    const handed: CommunityEvent = {
      type: 'CommunityOwnershipTransferred',
      data: { communityId: C, at: now, from: OWNER, to: AMINA },
    };
    spec
      .given(base)
      .when(cmd({ type: 'TransferOwnership', userId: AMINA, actorId: OWNER }))
      .then([handed]);
    const after = spec.given([...base, handed]).state();
    expect([after.ownerId, after.members[OWNER]?.role, after.members[AMINA]?.role]).toEqual([
      AMINA,
      'moderator',
      'owner',
    ]);
    spec
      .given([...base, handed])
      .when(cmd({ type: 'Leave', actorId: OWNER }))
      .then([{ type: 'CommunityLeft', data: { communityId: C, at: now, userId: OWNER } }]);
  });

  it('pins at most five announcements; a removed post cannot be pinned and leaves the pins', () => {
    const pin = (postId: string): CommunityEvent => ({
      type: 'CommunityPostPinned',
      data: { communityId: C, at: now, postId, by: OWNER },
    });
    const five = [created('public'), ...['p1', 'p2', 'p3', 'p4', 'p5'].map(pin)];
    spec
      .given(five)
      .when(cmd({ type: 'Pin', postId: 'p6', actorId: OWNER }))
      .thenThrows('TOO_MANY_PINS');
    spec
      .given(five)
      .when(cmd({ type: 'Pin', postId: 'p1', actorId: OWNER }))
      .thenNothingHappened();
    const removed: CommunityEvent = {
      type: 'CommunityPostRemoved',
      data: { communityId: C, at: now, postId: 'p1', authorId: AMINA, by: OWNER, reason: 'Off topic' },
    };
    expect(spec.given([...five, removed]).state().pinned).toEqual(['p5', 'p4', 'p3', 'p2']);
    spec
      .given([...five, removed])
      .when(cmd({ type: 'Pin', postId: 'p1', actorId: OWNER }))
      .thenThrows('POST_NOT_FOUND');
  });

  it('a member keeps their own notification and home-feed settings; others have none to change', () => {
    spec
      .given([created('public'), joined(AMINA)])
      .when(cmd({ type: 'Settings', actorId: AMINA, notify: 'pinned' }))
      .then([
        {
          type: 'CommunitySettingsChanged',
          data: { communityId: C, at: now, userId: AMINA, notify: 'pinned', feedInHome: true },
        },
      ]);
    spec
      .given([created('public')])
      .when(cmd({ type: 'Settings', actorId: AMINA, notify: 'none' }))
      .thenThrows('NOT_COMMUNITY_MEMBER');
  });

  it('is deleted by its owner, or by the app staff with a reason; after that nothing is decided on it', () => {
    const deleted = (by: string, asStaff: boolean, reason: string | null): CommunityEvent => ({
      type: 'CommunityDeleted',
      data: { communityId: C, at: now, by, asStaff, reason },
    });
    spec
      .given([created('public')])
      .when(cmd({ type: 'Delete', staff: false, reason: null, actorId: OWNER }))
      .then([deleted(OWNER, false, null)]);
    // Its own moderators are not its owner; the app's staff must say why.
    spec
      .given([created('public'), joined(MOD), promoted(MOD)])
      .when(cmd({ type: 'Delete', staff: false, reason: 'Moving on', actorId: MOD }))
      .thenThrows({ code: 'NOT_COMMUNITY_OWNER', status: 403 });
    spec
      .given([created('public')])
      .when(cmd({ type: 'Delete', staff: true, reason: '  ', actorId: YUSUF }))
      .thenThrows({ code: 'VALIDATION_FAILED', status: 400 });
    spec
      .given([created('public')])
      .when(cmd({ type: 'Delete', staff: true, reason: ' Scam ', actorId: YUSUF }))
      .then([deleted(YUSUF, true, 'Scam')]);
    for (const next of [
      cmd({ type: 'Join', actorId: AMINA }),
      cmd({ type: 'Delete', staff: false, reason: null, actorId: OWNER }),
      cmd({ type: 'Update', changes: { name: 'Back' }, actorId: OWNER }),
    ])
      spec
        .given([created('public'), deleted(OWNER, false, null)])
        .when(next)
        .thenThrows({ code: 'COMMUNITY_NOT_FOUND', status: 404 });
  });
});
