import { inStream } from '../runner/testing/projection-spec';
import { NOTIFY_UNREAD, type UnreadDoc } from './docs';
import { comment, type Notification, NOTIFICATIONS, post, spec } from './testing/notification-events';

const C = '0190d7c4-0000-7000-8000-0000000000c1';
const P = '0190d7c4-0000-7000-8000-0000000000d1';
const member = (n: number) => `0190d7c4-0000-7000-8000-00000000000${n}`;
const [OWNER, ALL, PINNED_ONLY, NONE, BLOCKER] = [member(1), member(2), member(3), member(4), member(5)] as const;
const AT = '2026-11-30T10:00:00.000Z';

const community = (type: string, data: Record<string, unknown>) =>
  inStream(`community-${C}`, { type, data: { communityId: C, at: AT, ...data } });
const joined = (userId: string) => community('CommunityJoined', { userId, via: 'open', by: userId });
const setting = (userId: string, notify: string) =>
  community('CommunitySettingsChanged', { userId, notify, feedInHome: true });

const GIVEN = [
  ...community('CommunityCreated', {
    name: 'Tajweed circle',
    description: 'Reciting together',
    rules: [],
    category: 'study_circle',
    city: 'Nairobi',
    avatarMediaId: null,
    bannerMediaId: null,
    slug: 'tajweed-circle',
    privacy: 'private',
    ownerId: OWNER,
    by: OWNER,
  }),
  ...[ALL, PINNED_ONLY, NONE, BLOCKER].flatMap(joined),
  ...setting(PINNED_ONLY, 'pinned'),
  ...setting(NONE, 'none'),
  ...inStream(`relationship-${BLOCKER}-${ALL}`, {
    type: 'UserBlocked',
    data: { blockerId: BLOCKER, blockedId: ALL, at: AT },
  }),
  ...post(P, ALL, { content: 'Halaqa moves to Thursday', community: { id: C, private: true }, createdAt: AT }),
];

describe("a community's notices to its members, many at once", () => {
  it('tells each member who asked for every post, never the author nor across a block', async () => {
    await spec()
      .given(GIVEN)
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        expect(docs.filter((d) => d.type === 'community_post').map((d) => d.userId)).toEqual([OWNER]);
      });
  });

  it('announces a pin to all but those who want nothing, and a pin again replaces the first', async () => {
    const pin = (type: string) => community(type, { postId: P, by: OWNER });
    await spec()
      .given([...GIVEN, ...pin('CommunityPostPinned'), ...pin('CommunityPostUnpinned'), ...pin('CommunityPostPinned')])
      .then(async (read) => {
        const told = (await read.docs<Notification>(NOTIFICATIONS))
          .filter((d) => d.type === 'community_announcement')
          .map((d) => d.userId);
        // The author's own post, the pinner, a member who wants nothing and one blocking the author: none.
        expect(told).toEqual([PINNED_ONLY]);
        expect((await read.collection<UnreadDoc>(NOTIFY_UNREAD).get(PINNED_ONLY))?.count).toBe(1);
      });
  });

  it("tells every member but the one who deleted it, from the owner or from the app, and drops its requests' notices", async () => {
    const asker = member(6);
    const deleted = (by: string, asStaff: boolean) =>
      community('CommunityDeleted', { by, asStaff, reason: asStaff ? 'Scam' : null });
    const request = community('CommunityJoinRequested', { userId: asker });
    await spec()
      .given([...GIVEN, ...request, ...deleted(OWNER, false)])
      .then(async (read) => {
        const docs = await read.docs<Notification>(NOTIFICATIONS);
        const told = docs.filter((d) => d.type === 'community_deleted');
        // Every member, whatever their setting, but not the owner (who deleted it); nor one who only asked.
        expect(told.map((d) => d.userId).sort()).toEqual([ALL, PINNED_ONLY, NONE, BLOCKER].sort());
        expect(new Set(told.map((d) => `${d.actorId} ${d.content} ${d.targetId}`))).toEqual(
          new Set([`${OWNER} Tajweed circle tajweed-circle`]),
        );
        expect(docs.filter((d) => d.type === 'community_join_request')).toEqual([]);
      });
    await spec()
      .given([...GIVEN, ...deleted(member(9), true)])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        const told = docs.filter((d) => d.type === 'community_deleted');
        expect(told.map((d) => d.userId).sort()).toEqual([OWNER, ALL, PINNED_ONLY, NONE, BLOCKER].sort());
        expect(new Set(told.map((d) => d.actorId))).toEqual(new Set(['system']));
      });
  });

  it("keeps a private circle's words inside it: a quote of an outsider's post, and the notices of a post whose author left", async () => {
    const OUTSIDER = member(7);
    const outsiders = '0190d7c4-0000-7000-8000-0000000000d2';
    const quoting = '0190d7c4-0000-7000-8000-0000000000d3';
    const like = (userId: string) =>
      inStream(`like-${P}-${userId}`, { type: 'PostLiked', data: { postId: P, userId, at: AT } });
    await spec()
      .given([
        ...GIVEN,
        ...post(outsiders, OUTSIDER, { content: 'A public reflection', createdAt: AT }),
        // A member quotes the outsider's post inside the circle.
        ...post(quoting, PINNED_ONLY, {
          content: 'Circle only: about this',
          quotedPostId: outsiders,
          type: 'quote',
          community: { id: C, private: true },
          createdAt: AT,
        }),
        // P's author leaves; its comments and likes reach them no more.
        ...community('CommunityLeft', { userId: ALL }),
        ...comment('0190d7c4-0000-7000-8000-0000000000e1', P, OWNER, { content: 'Noted, jazakAllah' }),
        ...like(OWNER),
      ])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        expect(docs.filter((d) => d.userId === OUTSIDER)).toEqual([]);
        expect(docs.filter((d) => d.userId === ALL && ['comment', 'like'].includes(d.type))).toEqual([]);
      });
    // While the author is in it, a comment and a like reach them as ever.
    await spec()
      .given([
        ...GIVEN,
        ...comment('0190d7c4-0000-7000-8000-0000000000e1', P, OWNER, { content: 'Noted, jazakAllah' }),
        ...like(OWNER),
      ])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        expect(
          docs
            .filter((d) => d.userId === ALL)
            .map((d) => d.type)
            .sort(),
        ).toEqual(['comment', 'like']);
      });
  });
});
