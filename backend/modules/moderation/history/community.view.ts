import type { CommunityHistoryView } from '@contract';
import type { CommunityEvent } from '@modules/communities';

import type { HistoryView, SeenEvent } from './types';

const url = (id: string | null) => (id ? `/media/${id}` : null);

/**
 * A community's page as members saw it at a version: its words, its moderators, how many were in it
 * or waiting, what was pinned, removed, muted and banned (with the reasons its moderators gave).
 */
export function foldCommunity(events: readonly SeenEvent<CommunityEvent>[]): CommunityHistoryView | null {
  let v: CommunityHistoryView | null = null;
  const members = new Set<string>();
  const requests = new Set<string>();
  for (const e of events) {
    if (e.type === 'CommunityCreated') {
      const d = e.data;
      members.add(d.ownerId);
      v = {
        kind: 'community',
        communityId: d.communityId,
        slug: d.slug,
        name: d.name,
        description: d.description,
        rules: d.rules,
        category: d.category,
        city: d.city,
        privacy: d.privacy,
        avatarUrl: url(d.avatarMediaId),
        bannerUrl: url(d.bannerMediaId),
        ownerId: d.ownerId,
        moderators: [],
        members: 0,
        pendingRequests: 0,
        pinned: [],
        removed: [],
        mutes: [],
        bans: [],
        deleted: null,
        updatedAt: e.time,
      };
    }
    if (!v) continue;
    v = { ...v, ...apply(v, e, members, requests), updatedAt: e.time };
    v.members = members.size;
    v.pendingRequests = requests.size;
  }
  return v;
}

function apply(
  v: CommunityHistoryView,
  e: SeenEvent<CommunityEvent>,
  members: Set<string>,
  requests: Set<string>,
): Partial<CommunityHistoryView> {
  switch (e.type) {
    case 'CommunityUpdated': {
      const { avatarMediaId, bannerMediaId, ...words } = e.data.changes;
      return {
        ...words,
        ...(avatarMediaId !== undefined ? { avatarUrl: url(avatarMediaId) } : {}),
        ...(bannerMediaId !== undefined ? { bannerUrl: url(bannerMediaId) } : {}),
      };
    }
    case 'CommunityJoined':
      members.add(e.data.userId);
      requests.delete(e.data.userId);
      return {};
    case 'CommunityJoinRequested':
      requests.add(e.data.userId);
      return {};
    case 'CommunityJoinRequestWithdrawn':
    case 'CommunityJoinRequestDeclined':
      requests.delete(e.data.userId);
      return {};
    case 'CommunityLeft':
      members.delete(e.data.userId);
      return {
        moderators: v.moderators.filter((id) => id !== e.data.userId),
        mutes: v.mutes.filter((m) => m.userId !== e.data.userId),
      };
    case 'CommunityRoleChanged':
      return {
        moderators:
          e.data.role === 'moderator'
            ? [...new Set([...v.moderators, e.data.userId])]
            : v.moderators.filter((id) => id !== e.data.userId),
      };
    case 'CommunityOwnershipTransferred':
      return { ownerId: e.data.to, moderators: [...v.moderators.filter((id) => id !== e.data.to), e.data.from] };
    case 'CommunityMemberMuted': {
      const { userId, by, reason, at } = e.data;
      return { mutes: [...v.mutes.filter((m) => m.userId !== userId), { userId, by, reason, at }] };
    }
    case 'CommunityMemberUnmuted':
      return { mutes: v.mutes.filter((m) => m.userId !== e.data.userId) };
    case 'CommunityMemberBanned': {
      const { userId, by, reason, at } = e.data;
      members.delete(userId);
      requests.delete(userId);
      return {
        moderators: v.moderators.filter((id) => id !== userId),
        mutes: v.mutes.filter((m) => m.userId !== userId),
        bans: [...v.bans.filter((b) => b.userId !== userId), { userId, by, reason, at }],
      };
    }
    case 'CommunityMemberUnbanned':
      return { bans: v.bans.filter((b) => b.userId !== e.data.userId) };
    case 'CommunityPostPinned':
      return { pinned: [e.data.postId, ...v.pinned.filter((id) => id !== e.data.postId)] };
    case 'CommunityPostUnpinned':
      return { pinned: v.pinned.filter((id) => id !== e.data.postId) };
    case 'CommunityPostRemoved': {
      const { postId, by, reason, at } = e.data;
      return { pinned: v.pinned.filter((id) => id !== postId), removed: [...v.removed, { postId, by, reason, at }] };
    }
    case 'CommunityDeleted': {
      const { by, asStaff, reason, at } = e.data;
      return { deleted: { by, asStaff, reason, at } };
    }
    default:
      return {};
  }
}

export const communityView: HistoryView<CommunityHistoryView, CommunityEvent> = {
  needs: [],
  fold: (events) => foldCommunity(events),
};
