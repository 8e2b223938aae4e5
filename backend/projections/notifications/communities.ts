import type { CommunityEvent } from '@modules/communities/events';
import type { PostEvent } from '@modules/social/events';

import { findAll } from '../../src/platform/read-store/core/find-all';
import type { EventsOf, ProjectionContext, Recorded } from '../runner';
import {
  NOTIFY_COMMUNITIES,
  NOTIFY_COMMUNITY_MEMBERS,
  NOTIFY_POSTS,
  type NotifyCommunityDoc,
  type NotifyCommunityMemberDoc,
  type PostAuthorDoc,
} from './docs';
import { type Notifier, SYSTEM_ACTOR } from './notifier';

/**
 * Community notices (issue 41): a new post to the members who asked for every post, a pinned
 * announcement to those who asked for all or pinned only, a join request to the community's
 * moderators, an approval to the member who asked.
 */
export type CommunityHandled = CommunityEvent | EventsOf<PostEvent, 'PostCreated'>;

type On<T extends CommunityHandled['type']> = (
  e: Recorded<CommunityHandled, T>,
  n: Notifier,
  ctx: ProjectionContext,
) => Promise<void>;

const communities = (ctx: ProjectionContext) => ctx.collection<NotifyCommunityDoc>(NOTIFY_COMMUNITIES);
const members = (ctx: ProjectionContext) => ctx.collection<NotifyCommunityMemberDoc>(NOTIFY_COMMUNITY_MEMBERS);
const memberId = (communityId: string, userId: string) => `${communityId}:${userId}`;

async function setMember(
  ctx: ProjectionContext,
  communityId: string,
  userId: string,
  change: Partial<NotifyCommunityMemberDoc>,
) {
  const id = memberId(communityId, userId);
  const doc = (await members(ctx).get(id)) ?? { id, communityId, userId, moderator: false, notify: 'all' as const };
  await members(ctx).upsert({ ...doc, ...change });
}

const membersOf = (ctx: ProjectionContext, communityId: string) => findAll(members(ctx), { where: { communityId } });
/** Its moderators alone (a join or a request asks about them, not about every member). */
const moderatorsOf = (ctx: ProjectionContext, communityId: string) =>
  findAll(members(ctx), { where: { communityId, moderator: true } });

/** Keeps the projector's own copy of who is in which community, with what setting. */
export async function communityChanged(e: Recorded<CommunityHandled>, ctx: ProjectionContext) {
  switch (e.type) {
    case 'CommunityCreated':
      await communities(ctx).upsert({ id: e.data.communityId, slug: e.data.slug, name: e.data.name });
      return setMember(ctx, e.data.communityId, e.data.ownerId, { moderator: true });
    case 'CommunityUpdated':
      if (e.data.changes.name)
        await communities(ctx).update(e.data.communityId, { set: { name: e.data.changes.name } });
      return;
    case 'CommunityLeft':
    case 'CommunityMemberBanned':
      await members(ctx).delete(memberId(e.data.communityId, e.data.userId));
      return;
    case 'CommunityRoleChanged':
      return setMember(ctx, e.data.communityId, e.data.userId, { moderator: e.data.role === 'moderator' });
    case 'CommunityOwnershipTransferred':
      return setMember(ctx, e.data.communityId, e.data.to, { moderator: true });
    case 'CommunitySettingsChanged':
      return setMember(ctx, e.data.communityId, e.data.userId, { notify: e.data.notify });
    default:
      return;
  }
}

export const joined: On<'CommunityJoined'> = async (e, n, ctx) => {
  const d = e.data;
  await setMember(ctx, d.communityId, d.userId, {});
  await takeBackRequest(d.communityId, d.userId, n, ctx);
  if (d.via !== 'approval') return;
  const community = await communities(ctx).get(d.communityId);
  if (community)
    await n.notify(
      `community_approved:${d.communityId}:${d.userId}`,
      d.userId,
      d.by,
      'community_join_approved',
      community.slug,
      'community',
      community.name,
    );
};

export const requested: On<'CommunityJoinRequested'> = async (e, n, ctx) => {
  const d = e.data;
  const community = await communities(ctx).get(d.communityId);
  if (!community) return;
  // One notice per request, in each moderator's inbox (the id names the moderator too).
  for (const m of await moderatorsOf(ctx, d.communityId))
    await n.notify(
      `community_request:${d.communityId}:${d.userId}:${m.userId}`,
      m.userId,
      d.userId,
      'community_join_request',
      community.slug,
      'community',
      community.name,
    );
};

async function takeBackRequest(communityId: string, userId: string, n: Notifier, ctx: ProjectionContext) {
  for (const m of await moderatorsOf(ctx, communityId))
    await n.takeBack(`community_request:${communityId}:${userId}:${m.userId}`);
}

/** A request withdrawn, declined or ended by a ban: the moderators' notices of it go. */
export const requestSettled: On<
  'CommunityJoinRequestWithdrawn' | 'CommunityJoinRequestDeclined' | 'CommunityMemberBanned'
> = async (e, n, ctx) => {
  await takeBackRequest(e.data.communityId, e.data.userId, n, ctx);
  await communityChanged(e, ctx);
};

export const posted: On<'PostCreated'> = async ({ data: d }, n, ctx) => {
  if (!d.community || d.limited) return;
  const told = (await membersOf(ctx, d.community.id)).filter((m) => m.notify === 'all').map((m) => m.userId);
  // An answer shared anonymously names nobody, in its notice either (its author still hears nothing).
  const anonymous = d.answer?.anonymous === true;
  await n.notifyAll(
    anonymous ? told.filter((userId) => userId !== d.userId) : told,
    (userId) => `community_post:${d.postId}:${userId}`,
    anonymous ? SYSTEM_ACTOR : d.userId,
    'community_post',
    d.postId,
    'post',
    d.content,
  );
};

export const pinned: On<'CommunityPostPinned'> = async ({ data: d }, n, ctx) => {
  const post = await ctx.collection<PostAuthorDoc>(NOTIFY_POSTS).get(d.postId);
  if (!post) return;
  // Who pinned it knows already (the author is left out by notifyAll itself).
  const told = (await membersOf(ctx, d.communityId))
    .filter((m) => m.notify !== 'none' && m.userId !== d.by)
    .map((m) => m.userId);
  await n.notifyAll(
    told,
    (userId) => `community_pin:${d.postId}:${userId}`,
    post.userId,
    'community_announcement',
    d.postId,
    'post',
    post.content,
  );
};

/**
 * A community deleted: its members hear it from its owner (from nobody: the app's moderators), the
 * requests and approvals that pointed at it go, and so does the projector's copy of it. Its posts'
 * notices go with the posts (CommunityClosure deletes them).
 */
export const deleted: On<'CommunityDeleted'> = async ({ data: d }, n, ctx) => {
  const community = await communities(ctx).get(d.communityId);
  if (!community) return;
  const everyone = await membersOf(ctx, d.communityId);
  await n.dropTarget(community.slug);
  await n.notifyAll(
    everyone.map((m) => m.userId),
    (userId) => `community_deleted:${d.communityId}:${userId}`,
    d.asStaff ? SYSTEM_ACTOR : d.by,
    'community_deleted',
    community.slug,
    'community',
    community.name,
  );
  await members(ctx).deleteMany(everyone.map((m) => m.id));
  await communities(ctx).delete(d.communityId);
};

/** Whether a member is in the community now (a private community's mentions reach its members only). */
export const inCommunity = (ctx: ProjectionContext, communityId: string) => async (userId: string) =>
  !!(await members(ctx).get(memberId(communityId, userId)));
