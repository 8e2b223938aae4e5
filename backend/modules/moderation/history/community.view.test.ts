import type { CommunityEvent } from '@modules/communities';

import { given, minute, upTo } from '../testing/history';
import { foldCommunity } from './community.view';

const C = 'c1';
const at = minute(0);
const events: CommunityEvent[] = [
  {
    type: 'CommunityCreated',
    data: {
      communityId: C,
      at,
      slug: 'tajweed',
      privacy: 'private',
      ownerId: 'owner',
      name: 'Tajweed circle',
      description: 'Thursdays',
      rules: ['Be kind'],
      category: 'study_circle',
      city: 'Nairobi',
      avatarMediaId: null,
      bannerMediaId: null,
    },
  },
  { type: 'CommunityJoinRequested', data: { communityId: C, at, userId: 'amina' } },
  { type: 'CommunityJoined', data: { communityId: C, at, userId: 'amina', via: 'approval', by: 'owner' } },
  { type: 'CommunityRoleChanged', data: { communityId: C, at, userId: 'amina', by: 'owner', role: 'moderator' } },
  { type: 'CommunityPostPinned', data: { communityId: C, at, postId: 'p1', by: 'amina' } },
  { type: 'CommunityJoined', data: { communityId: C, at, userId: 'yusuf', via: 'invite', by: 'yusuf' } },
  { type: 'CommunityMemberBanned', data: { communityId: C, at, userId: 'yusuf', by: 'amina', reason: 'Spam' } },
  {
    type: 'CommunityPostRemoved',
    data: { communityId: C, at, postId: 'p1', authorId: 'yusuf', by: 'amina', reason: 'Selling' },
  },
  {
    type: 'CommunityUpdated',
    data: { communityId: C, at, changes: { name: 'Quran circle', bannerMediaId: 'm1' }, by: 'owner' },
  },
  { type: 'CommunityOwnershipTransferred', data: { communityId: C, at, from: 'owner', to: 'amina' } },
];

describe('community history view', () => {
  const stream = given(events);

  it('shows the page as it was: a request waiting, then the member, the moderator and the pin', () => {
    expect(foldCommunity(upTo(stream, 1))).toMatchObject({ name: 'Tajweed circle', members: 1, pendingRequests: 1 });
    expect(foldCommunity(upTo(stream, 4))).toMatchObject({
      members: 2,
      pendingRequests: 0,
      moderators: ['amina'],
      pinned: ['p1'],
      privacy: 'private',
      rules: ['Be kind'],
    });
  });

  it("keeps the moderators' reasons: a ban and a removal, then the new name, banner and owner", () => {
    expect(foldCommunity(upTo(stream, 9))).toMatchObject({
      name: 'Quran circle',
      bannerUrl: '/media/m1',
      members: 2,
      pinned: [],
      bans: [{ userId: 'yusuf', by: 'amina', reason: 'Spam', at }],
      removed: [{ postId: 'p1', by: 'amina', reason: 'Selling', at }],
      ownerId: 'amina',
      moderators: ['owner'],
    });
    expect(foldCommunity([])).toBeNull();
  });

  it('keeps a mute and its reason while it lasts: lifted by an unmute, a ban or the member leaving', () => {
    const on = (userId: string): CommunityEvent => ({
      type: 'CommunityMemberMuted',
      data: { communityId: C, at, userId, by: 'owner', reason: 'Off topic' },
    });
    const muted = given<CommunityEvent>([
      ...events.slice(0, 6),
      on('amina'),
      on('yusuf'),
      { type: 'CommunityMemberUnmuted', data: { communityId: C, at, userId: 'amina', by: 'owner' } },
      on('amina'),
      { type: 'CommunityLeft', data: { communityId: C, at, userId: 'amina' } },
      { type: 'CommunityMemberBanned', data: { communityId: C, at, userId: 'yusuf', by: 'owner', reason: 'Spam' } },
    ]);
    const mutes = (version: number) => foldCommunity(upTo(muted, version))?.mutes.map((m) => m.userId);
    expect(foldCommunity(upTo(muted, 7))?.mutes).toEqual([
      { userId: 'amina', by: 'owner', reason: 'Off topic', at },
      { userId: 'yusuf', by: 'owner', reason: 'Off topic', at },
    ]);
    expect(mutes(8)).toEqual(['yusuf']);
    expect(mutes(9)).toEqual(['yusuf', 'amina']);
    expect(mutes(10)).toEqual(['yusuf']);
    expect(mutes(11)).toEqual([]);
  });
});
