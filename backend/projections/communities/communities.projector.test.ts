import { inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';
import { postRoom } from '../social';
import { communitiesProjector } from './communities.projector';
import {
  COMMUNITIES,
  COMMUNITY_MEMBERS,
  COMMUNITY_POSTS,
  COMMUNITY_REPORTS,
  type CommunityDoc,
  memberDocId,
} from './docs';
import { CommunityRecount } from './recount';

const C = '0190d7c4-0000-7000-8000-0000000000c1';
const P = '0190d7c4-0000-7000-8000-0000000000p1'.replace('p', 'a');
const at = (m: number) => `2026-11-30T10:0${m}:00.000Z`;
const community = (...events: { type: string; data: Record<string, unknown> }[]) =>
  inStream(`community-${C}`, ...events.map((e) => ({ ...e, data: { communityId: C, ...e.data } })));
const created = community({
  type: 'CommunityCreated',
  data: {
    at: at(0),
    slug: 'sisters-nairobi',
    privacy: 'private',
    ownerId: 'owner',
    name: 'Sisters of Nairobi',
    description: '',
    rules: ['Be kind'],
    category: 'sisters',
    city: 'Nairobi',
    avatarMediaId: null,
    bannerMediaId: null,
  },
});

describe('communities projector', () => {
  it('counts members and requests as standings change, and searches the name and city by word prefix', async () => {
    await projectionSpec(() => communitiesProjector())
      .given(created)
      .given(community({ type: 'CommunityJoinRequested', data: { at: at(1), userId: 'amina' } }))
      .given(community({ type: 'CommunityJoinRequested', data: { at: at(1), userId: 'yusuf' } }))
      .given(community({ type: 'CommunityJoined', data: { at: at(2), userId: 'amina', via: 'approval', by: 'owner' } }))
      .given(community({ type: 'CommunityJoinRequestDeclined', data: { at: at(2), userId: 'yusuf', by: 'owner' } }))
      .given(
        community({ type: 'CommunityMemberBanned', data: { at: at(3), userId: 'amina', by: 'owner', reason: 'Spam' } }),
      )
      .inBatchesOf(2)
      .then(async (read) => {
        expect(await read.collection(COMMUNITIES).get(C)).toMatchObject({
          memberCount: 1,
          pendingRequests: 0,
          cityKey: 'nairobi',
          words: expect.arrayContaining(['s', 'sis', 'sisters', 'nai', 'nairobi']),
        });
        expect(await read.collection(COMMUNITY_MEMBERS).get(memberDocId(C, 'amina'))).toMatchObject({
          status: 'banned',
          reason: 'Spam',
          by: 'owner',
        });
        expect(await read.collection(COMMUNITY_MEMBERS).get(memberDocId(C, 'yusuf'))).toBeNull();
        expect(await read.collection(COMMUNITY_MEMBERS).get(memberDocId(C, 'owner'))).toMatchObject({
          role: 'owner',
          order: `0:${at(0)}`,
        });
      });
  });

  it("counts the community's live posts: created, removed, restored; a post of no community counts nowhere", async () => {
    const post = (type: string, data: Record<string, unknown>) =>
      inStream(`post-${P}`, { type, data: { postId: P, ...data } });
    await projectionSpec(() => communitiesProjector())
      .given(created)
      .given(post('PostCreated', { userId: 'owner', community: { id: C, private: true }, createdAt: at(1) }))
      .given(
        inStream('post-other', { type: 'PostCreated', data: { postId: 'other', userId: 'owner', createdAt: at(1) } }),
      )
      .given(community({ type: 'CommunityPostPinned', data: { at: at(2), postId: P, by: 'owner' } }))
      .given(
        community({
          type: 'CommunityPostRemoved',
          data: { at: at(3), postId: P, authorId: 'owner', by: 'owner', reason: 'x' },
        }),
      )
      .given(post('PostHidden', { moderatorId: 'owner', reason: 'x', at: at(3) }))
      .then(COMMUNITIES, C, expect.objectContaining({ postCount: 0, pinned: [] }));
    await projectionSpec(() => communitiesProjector())
      .given(created)
      .given(post('PostCreated', { userId: 'owner', community: { id: C, private: true }, createdAt: at(1) }))
      .given(post('PostHidden', { moderatorId: 'admin', reason: 'x', at: at(2) }))
      .given(post('PostRestored', { moderatorId: 'admin', reason: 'ok', at: at(3) }))
      .then(COMMUNITIES, C, expect.objectContaining({ postCount: 1 }));
  });

  it('agrees with a recount from the log, and the recount names a figure that drifted', async () => {
    const events = [
      ...created,
      ...community({ type: 'CommunityJoined', data: { at: at(1), userId: 'amina', via: 'open', by: 'amina' } }),
      ...community({ type: 'CommunityJoinRequested', data: { at: at(1), userId: 'yusuf' } }),
      ...community({ type: 'CommunityLeft', data: { at: at(2), userId: 'amina' } }),
      ...inStream(`post-${P}`, {
        type: 'PostCreated',
        data: { postId: P, userId: 'owner', community: { id: C, private: true } },
      }),
      ...inStream('user-owner', { type: 'AccountDeleted', data: {} }),
    ];
    await projectionSpec(() => communitiesProjector())
      .given(events)
      .then(async (read) => {
        const recount = new CommunityRecount();
        for (const e of read.log) recount.add(e);
        const doc = (await read.collection<CommunityDoc>(COMMUNITIES).get(C))!;
        expect(doc).toMatchObject({ memberCount: 0, pendingRequests: 1, postCount: 1 });
        expect(recount.driftOf(doc, C)).toEqual([]);
        expect(recount.driftOf({ ...doc, memberCount: 3 }, C)).toEqual([
          'community sisters-nairobi: memberCount is 3, the log says 0',
        ]);
      });
  });

  it('forgets a deleted community with its members and reports, keeps which posts were its, and counts none posted after', async () => {
    const later = `${P.slice(0, -1)}2`;
    const post = (postId: string, type: string, data: Record<string, unknown>) =>
      inStream(`post-${postId}`, { type, data: { postId, ...data } });
    await projectionSpec(() => communitiesProjector())
      .given(created)
      .given(community({ type: 'CommunityJoined', data: { at: at(1), userId: 'amina', via: 'open', by: 'amina' } }))
      .given(post(P, 'PostCreated', { userId: 'amina', community: { id: C, private: true }, createdAt: at(1) }))
      .given(post(P, 'PostReported', { reportId: 'r1', reporterId: 'owner', reason: 'Spam', at: at(2) }))
      .given(community({ type: 'CommunityDeleted', data: { at: at(3), by: 'owner', asStaff: false, reason: null } }))
      .given(post(later, 'PostCreated', { userId: 'amina', community: { id: C, private: true }, createdAt: at(4) }))
      .then(async (read) => {
        expect(await read.collection(COMMUNITIES).get(C)).toBeNull();
        expect(await read.docs(COMMUNITY_MEMBERS)).toEqual([]);
        expect(await read.docs(COMMUNITY_REPORTS)).toEqual([]);
        expect(await read.docs(COMMUNITY_POSTS)).toEqual([
          expect.objectContaining({ id: P, communityId: C, live: false }),
          expect.objectContaining({ id: later, communityId: C, live: false }),
        ]);
        // Nothing left to compare: the recount drops it too.
        const recount = new CommunityRecount();
        for (const e of read.log) recount.add(e);
        expect(recount.communities.has(C)).toBe(false);
      });
  });
  it('sends a member who leaves, or is banned, out of the rooms of every post of a private community, a few rooms a push', async () => {
    // Five posts, two rooms a push: an old post a member watched (from a profile, a link) is left too.
    const ids = [1, 2, 3, 4, 5].map((n) => `0190d7c4-0000-7000-8000-00000000a00${n}`);
    const posts = ids.map((postId, i) =>
      inStream(`post-${postId}`, {
        type: 'PostCreated',
        data: { postId, userId: 'owner', community: { id: C, private: true }, createdAt: at(1 + (i % 2)) },
      }),
    );
    const joined = (userId: string) =>
      community({ type: 'CommunityJoined', data: { at: at(2), userId, via: 'approval', by: 'owner' } });
    await projectionSpec(({ outbox }) => communitiesProjector(outbox, 2), projectorDeps)
      .given(created)
      .given(joined('amina'))
      .given(joined('yusuf'))
      .given(posts.flat())
      .given(community({ type: 'CommunityLeft', data: { at: at(3), userId: 'amina' } }))
      .given(
        community({ type: 'CommunityMemberBanned', data: { at: at(4), userId: 'yusuf', by: 'owner', reason: 'Spam' } }),
      )
      .then(({ deps }) => {
        const rooms = [[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]].map((page) => page.map((id) => postRoom(id!)));
        expect(deps.pushes.map((p) => [p.rooms, p.membership?.leave])).toEqual([
          ...rooms.map((leave) => [['user:amina'], leave]),
          ...rooms.map((leave) => [['user:yusuf'], leave]),
        ]);
      });
  });
});
