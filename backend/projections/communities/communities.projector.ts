import type { CommunityEvent } from '@modules/communities/events';
import type { UserEvent } from '@modules/identity/events';
import type { PostEvent, ReportEvent } from '@modules/social/events';
import { membershipPush, userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import { defineProjector, type EventsOf, type ProjectionContext, type Recorded } from '../runner';
import { postRoom } from '../social';
import {
  COMMUNITIES,
  COMMUNITIES_PROJECTOR,
  COMMUNITY_MEMBERS,
  COMMUNITY_POSTS,
  COMMUNITY_REPORTS,
  communityCollections,
  type CommunityDoc,
  type CommunityMemberDoc,
  type CommunityPostDoc,
  type CommunityReportDoc,
  memberDocId,
  memberOrder,
  type Standing,
} from './docs';
import { prefixesOf } from './words';

type PostLifecycle = EventsOf<PostEvent, 'PostCreated' | 'PostDeleted' | 'PostHidden' | 'PostRestored'>;
export type CommunitiesProjectedEvent =
  | CommunityEvent
  | PostLifecycle
  | ReportEvent
  | EventsOf<UserEvent, 'AccountDeleted'>;

const communities = (ctx: ProjectionContext) => ctx.collection<CommunityDoc>(COMMUNITIES);
const members = (ctx: ProjectionContext) => ctx.collection<CommunityMemberDoc>(COMMUNITY_MEMBERS);
const posts = (ctx: ProjectionContext) => ctx.collection<CommunityPostDoc>(COMMUNITY_POSTS);

const count = (ctx: ProjectionContext, communityId: string, field: keyof CommunityDoc & string, by: number) =>
  communities(ctx).update(communityId, { inc: { [field]: by } });

/** Sets a member's standing, keeping the community's member and request counts in step. */
async function setStanding(ctx: ProjectionContext, communityId: string, userId: string, next: Standing | null) {
  const id = memberDocId(communityId, userId);
  const before = await members(ctx).get(id);
  if (next) await members(ctx).upsert({ id, communityId, userId, ...next, order: memberOrder(next.role, next.since) });
  else if (before) await members(ctx).delete(id);
  const was = before?.status;
  const is = next?.status;
  if (was === is) return;
  if (was === 'member') await count(ctx, communityId, 'memberCount', -1);
  if (is === 'member') await count(ctx, communityId, 'memberCount', 1);
  if (was === 'requested') await count(ctx, communityId, 'pendingRequests', -1);
  if (is === 'requested') await count(ctx, communityId, 'pendingRequests', 1);
}

const standing = (status: Standing['status'], since: string, role: Standing['role'] = null): Standing => ({
  status,
  role,
  muted: false,
  notify: 'all',
  feedInHome: true,
  since,
});

async function changeMember(
  ctx: ProjectionContext,
  communityId: string,
  userId: string,
  set: Partial<CommunityMemberDoc>,
) {
  const id = memberDocId(communityId, userId);
  const doc = await members(ctx).get(id);
  if (!doc || doc.status !== 'member') return;
  const next = { ...doc, ...set };
  await members(ctx).upsert({ ...next, order: memberOrder(next.role, next.since) });
}

const reports = (ctx: ProjectionContext) => ctx.collection<CommunityReportDoc>(COMMUNITY_REPORTS);
const closeReports = (ctx: ProjectionContext, postId: string) => reports(ctx).update(postId, { set: { open: false } });

async function setPostLive(ctx: ProjectionContext, postId: string, live: boolean) {
  const doc = await posts(ctx).get(postId);
  // Only a community's posts have anything here (every post's deletion passes by).
  if (!doc) return;
  if (!live) await closeReports(ctx, postId);
  if (doc.live === live) return;
  await posts(ctx).update(postId, { set: { live } });
  await count(ctx, doc.communityId, 'postCount', live ? 1 : -1);
}

/**
 * A deleted community leaves every list and page at once, with its members, requests and reports;
 * which posts were its stay (`community_posts`, not live), for CommunityClosure to delete them.
 */
async function forgetCommunity(ctx: ProjectionContext, communityId: string) {
  await communities(ctx).delete(communityId);
  for (const [collection, where] of [
    [members(ctx), { communityId }],
    [reports(ctx), { communityId }],
  ] as const) {
    for (;;) {
      const page = await collection.find({ where, limit: 500 });
      if (page.items.length === 0) break;
      await collection.deleteMany(page.items.map((d) => d.id));
    }
  }
  for (;;) {
    const page = await posts(ctx).find({ where: { communityId, live: true }, limit: 500 });
    if (page.items.length === 0) break;
    for (const doc of page.items) await posts(ctx).update(doc.id, { set: { live: false } });
  }
}

/** Post rooms named in one push: a push stays small however many posts a community has. */
const ROOMS_PER_PUSH = 500;

/**
 * A member who left or was banned from a private community reads its posts no more: their sockets
 * leave the rooms of all its posts, whose counts and votes they would otherwise keep hearing
 * (watch_posts lets no outsider in; this takes out one who was in), newest first, `roomsPerPush` rooms
 * a push. Every post, not the newest only: a socket may be watching an old one (a profile, a link).
 * Sent however late (`state`).
 */
async function closeRooms(
  outbox: PushOutbox | null,
  e: Recorded<CommunitiesProjectedEvent>,
  ctx: ProjectionContext,
  { communityId, userId }: { communityId: string; userId: string },
  roomsPerPush: number,
) {
  if (!outbox?.accepts(e, ctx, 'state')) return;
  if ((await communities(ctx).get(communityId))?.privacy !== 'private') return;
  let after: string | null = null;
  for (let part = 0; ; part++) {
    const page = await posts(ctx).find({
      where: { communityId },
      sort: { field: 'id', direction: 'desc' },
      limit: roomsPerPush,
      after,
    });
    if (page.items.length === 0) return;
    const leave = page.items.map((p) => postRoom(p.id));
    outbox.stage(
      COMMUNITIES_PROJECTOR,
      e,
      ctx,
      membershipPush(`rooms:${e.id}:${part}`, [userRoom(userId)], { leave }),
      'state',
    );
    if (!page.nextCursor) return;
    after = page.nextCursor;
  }
}

/** Communities, their members (with requests, invitations and bans) and which posts are theirs. */
export const communitiesProjector = (outbox: PushOutbox | null = null, roomsPerPush = ROOMS_PER_PUSH) =>
  defineProjector<CommunitiesProjectedEvent>({
    name: COMMUNITIES_PROJECTOR,
    version: 1,
    collections: communityCollections,
    on: {
      async CommunityCreated({ data: d }, ctx) {
        await communities(ctx).upsert({
          id: d.communityId,
          slug: d.slug,
          name: d.name,
          description: d.description,
          rules: d.rules,
          category: d.category,
          city: d.city,
          cityKey: d.city.trim().toLowerCase(),
          privacy: d.privacy,
          ownerId: d.ownerId,
          avatarMediaId: d.avatarMediaId,
          bannerMediaId: d.bannerMediaId,
          memberCount: 0,
          postCount: 0,
          pendingRequests: 0,
          pinned: [],
          words: prefixesOf(d.name, d.city),
          createdAt: d.at,
        });
        await setStanding(ctx, d.communityId, d.ownerId, standing('member', d.at, 'owner'));
      },
      async CommunityUpdated({ data: d }, ctx) {
        const doc = await communities(ctx).get(d.communityId);
        if (!doc) return;
        const next = { ...doc, ...d.changes };
        await communities(ctx).upsert({
          ...next,
          cityKey: next.city.trim().toLowerCase(),
          words: prefixesOf(next.name, next.city),
        });
      },
      CommunityJoined: ({ data: d }, ctx) =>
        setStanding(ctx, d.communityId, d.userId, standing('member', d.at, 'member')),
      CommunityJoinRequested: ({ data: d }, ctx) =>
        setStanding(ctx, d.communityId, d.userId, standing('requested', d.at)),
      CommunityJoinRequestWithdrawn: ({ data: d }, ctx) => setStanding(ctx, d.communityId, d.userId, null),
      CommunityJoinRequestDeclined: ({ data: d }, ctx) => setStanding(ctx, d.communityId, d.userId, null),
      CommunityMemberInvited: ({ data: d }, ctx) =>
        setStanding(ctx, d.communityId, d.userId, standing('invited', d.at)),
      async CommunityLeft(e, ctx) {
        await setStanding(ctx, e.data.communityId, e.data.userId, null);
        await closeRooms(outbox, e, ctx, e.data, roomsPerPush);
      },
      CommunityRoleChanged: ({ data: d }, ctx) => changeMember(ctx, d.communityId, d.userId, { role: d.role }),
      async CommunityOwnershipTransferred({ data: d }, ctx) {
        await changeMember(ctx, d.communityId, d.from, { role: 'moderator' });
        await changeMember(ctx, d.communityId, d.to, { role: 'owner' });
        await communities(ctx).update(d.communityId, { set: { ownerId: d.to } });
      },
      CommunityMemberMuted: ({ data: d }, ctx) => changeMember(ctx, d.communityId, d.userId, { muted: true }),
      CommunityMemberUnmuted: ({ data: d }, ctx) => changeMember(ctx, d.communityId, d.userId, { muted: false }),
      async CommunityMemberBanned(e, ctx) {
        const d = e.data;
        await setStanding(ctx, d.communityId, d.userId, { ...standing('banned', d.at), reason: d.reason, by: d.by });
        await closeRooms(outbox, e, ctx, d, roomsPerPush);
      },
      CommunityMemberUnbanned: ({ data: d }, ctx) => setStanding(ctx, d.communityId, d.userId, null),
      CommunitySettingsChanged: ({ data: d }, ctx) =>
        changeMember(ctx, d.communityId, d.userId, { notify: d.notify, feedInHome: d.feedInHome }),
      async CommunityPostPinned({ data: d }, ctx) {
        const doc = await communities(ctx).get(d.communityId);
        if (doc)
          await communities(ctx).update(d.communityId, {
            set: { pinned: [d.postId, ...doc.pinned.filter((id) => id !== d.postId)] },
          });
      },
      CommunityPostUnpinned: async ({ data: d }, ctx) => {
        await communities(ctx).update(d.communityId, { removeFromSet: { pinned: d.postId } });
      },
      async CommunityPostRemoved({ data: d }, ctx) {
        await communities(ctx).update(d.communityId, { removeFromSet: { pinned: d.postId } });
        await setPostLive(ctx, d.postId, false);
      },
      CommunityReportsDismissed: async ({ data: d }, ctx) => {
        await closeReports(ctx, d.postId);
      },
      CommunityDeleted: ({ data: d }, ctx) => forgetCommunity(ctx, d.communityId),
      /** A report on a live post of a community goes to its moderators' queue. */
      async PostReported({ data: d }, ctx) {
        const post = await posts(ctx).get(d.postId);
        if (!post?.live) return;
        const doc = await reports(ctx).get(d.postId);
        const fresh = !doc || !doc.open;
        await reports(ctx).upsert({
          id: d.postId,
          communityId: post.communityId,
          open: true,
          reasons: [d.reason, ...(fresh ? [] : doc.reasons.filter((r) => r !== d.reason))],
          reporterIds: fresh ? [d.reporterId] : [...new Set([...doc.reporterIds, d.reporterId])],
          count: fresh ? 1 : doc.count + 1,
          firstReportedAt: fresh ? d.at : doc.firstReportedAt,
          lastReportedAt: d.at,
        });
      },
      async PostCreated({ data: d }, ctx) {
        if (!d.community || (await posts(ctx).get(d.postId))) return;
        // Posted as the community was deleted: kept as its (CommunityClosure deletes it), never live.
        const live = !!(await communities(ctx).get(d.community.id));
        await posts(ctx).upsert({ id: d.postId, communityId: d.community.id, authorId: d.userId, live });
        if (live) await count(ctx, d.community.id, 'postCount', 1);
      },
      PostDeleted: ({ data: d }, ctx) => setPostLive(ctx, d.postId, false),
      PostHidden: ({ data: d }, ctx) => setPostLive(ctx, d.postId, false),
      PostRestored: ({ data: d }, ctx) => setPostLive(ctx, d.postId, true),
      async AccountDeleted(e: Recorded<CommunitiesProjectedEvent, 'AccountDeleted'>, ctx) {
        const userId = e.streamId.slice('user-'.length);
        for (;;) {
          const page = await members(ctx).find({ where: { userId }, limit: 200 });
          if (page.items.length === 0) return;
          for (const doc of page.items) await setStanding(ctx, doc.communityId, userId, null);
        }
      },
    },
  });
