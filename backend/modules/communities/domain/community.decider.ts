import type { CommunityNotifyLevel, CommunityPrivacy, CommunityRole } from '@contract';

import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { CommunityEvent, CommunityProfile } from '../events';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES as M } from '../limits';

export interface CommunityMember {
  role: CommunityRole;
  muted: boolean;
  notify: CommunityNotifyLevel;
  feedInHome: boolean;
}

export interface CommunityState {
  exists: boolean;
  /** Deleted (by whom, when): every command answers as for a community that never was. */
  deleted: { by: string; at: string } | null;
  id: string;
  slug: string;
  name: string;
  privacy: CommunityPrivacy;
  ownerId: string;
  members: Record<string, CommunityMember>;
  requests: Record<string, true>;
  invites: Record<string, true>;
  bans: Record<string, true>;
  /** Pinned announcements, most recently pinned first. */
  pinned: string[];
  removed: Record<string, true>;
}

type Base = { actorId: string; now: string };
type OnMember = Base & { userId: string };

export type CommunityCommand =
  | (Base & {
      type: 'Create';
      communityId: string;
      slug: string;
      privacy: CommunityPrivacy;
      profile: CommunityProfile;
    })
  | (Base & { type: 'Update'; changes: Partial<CommunityProfile> })
  | (Base & { type: 'Join' })
  | (Base & { type: 'Leave' })
  | (OnMember & { type: 'Approve' | 'Decline' | 'Invite' | 'Unmute' | 'Unban' })
  | (OnMember & { type: 'Mute' | 'Ban'; reason: string })
  | (OnMember & { type: 'SetRole'; role: 'moderator' | 'member' })
  | (OnMember & { type: 'TransferOwnership' })
  | (Base & { type: 'Settings'; notify?: CommunityNotifyLevel | undefined; feedInHome?: boolean | undefined })
  | (Base & { type: 'Pin' | 'Unpin'; postId: string })
  | (Base & { type: 'RemovePost'; postId: string; authorId: string; reason: string })
  | (Base & { type: 'DismissReports'; postId: string })
  /** By its owner, or (`staff`: the actor is one of the app's moderators or admins) with a reason. */
  | (Base & { type: 'Delete'; staff: boolean; reason: string | null });

const initialState = (): CommunityState => ({
  exists: false,
  deleted: null,
  id: '',
  slug: '',
  name: '',
  privacy: 'public',
  ownerId: '',
  members: {},
  requests: {},
  invites: {},
  bans: {},
  pinned: [],
  removed: {},
});

const without = <T>(set: Record<string, T>, id: string): Record<string, T> => {
  const next = { ...set };
  delete next[id];
  return next;
};
const newMember = (role: CommunityRole): CommunityMember => ({ role, muted: false, notify: 'all', feedInHome: true });

function evolve(s: CommunityState, e: CommunityEvent): CommunityState {
  const member = (userId: string, change: Partial<CommunityMember>) =>
    s.members[userId] ? { ...s.members, [userId]: { ...s.members[userId], ...change } } : s.members;
  switch (e.type) {
    case 'CommunityCreated':
      return {
        ...s,
        exists: true,
        id: e.data.communityId,
        slug: e.data.slug,
        name: e.data.name,
        privacy: e.data.privacy,
        ownerId: e.data.ownerId,
        members: { [e.data.ownerId]: newMember('owner') },
      };
    case 'CommunityUpdated':
      return { ...s, name: e.data.changes.name ?? s.name };
    case 'CommunityJoined':
      return {
        ...s,
        members: { ...s.members, [e.data.userId]: newMember('member') },
        requests: without(s.requests, e.data.userId),
        invites: without(s.invites, e.data.userId),
      };
    case 'CommunityJoinRequested':
      return { ...s, requests: { ...s.requests, [e.data.userId]: true } };
    case 'CommunityJoinRequestWithdrawn':
    case 'CommunityJoinRequestDeclined':
      return { ...s, requests: without(s.requests, e.data.userId) };
    case 'CommunityMemberInvited':
      return { ...s, invites: { ...s.invites, [e.data.userId]: true } };
    case 'CommunityLeft':
      return { ...s, members: without(s.members, e.data.userId) };
    case 'CommunityRoleChanged':
      return { ...s, members: member(e.data.userId, { role: e.data.role }) };
    case 'CommunityOwnershipTransferred': {
      const members = { ...s.members };
      members[e.data.from] = { ...(members[e.data.from] ?? newMember('moderator')), role: 'moderator' };
      members[e.data.to] = { ...(members[e.data.to] ?? newMember('owner')), role: 'owner' };
      return { ...s, ownerId: e.data.to, members };
    }
    case 'CommunityMemberMuted':
    case 'CommunityMemberUnmuted':
      return { ...s, members: member(e.data.userId, { muted: e.type === 'CommunityMemberMuted' }) };
    case 'CommunityMemberBanned':
      return {
        ...s,
        members: without(s.members, e.data.userId),
        requests: without(s.requests, e.data.userId),
        invites: without(s.invites, e.data.userId),
        bans: { ...s.bans, [e.data.userId]: true },
      };
    case 'CommunityMemberUnbanned':
      return { ...s, bans: without(s.bans, e.data.userId) };
    case 'CommunitySettingsChanged':
      return { ...s, members: member(e.data.userId, { notify: e.data.notify, feedInHome: e.data.feedInHome }) };
    case 'CommunityPostPinned':
      return { ...s, pinned: [e.data.postId, ...s.pinned.filter((id) => id !== e.data.postId)] };
    case 'CommunityPostUnpinned':
      return { ...s, pinned: s.pinned.filter((id) => id !== e.data.postId) };
    case 'CommunityReportsDismissed':
      return s;
    case 'CommunityDeleted':
      return { ...s, deleted: { by: e.data.by, at: e.data.at } };
    case 'CommunityPostRemoved':
      return {
        ...s,
        pinned: s.pinned.filter((id) => id !== e.data.postId),
        removed: { ...s.removed, [e.data.postId]: true },
      };
  }
}

export const isModerator = (s: CommunityState, userId: string) => {
  const role = s.members[userId]?.role;
  return role === 'owner' || role === 'moderator';
};

const fail = (code: string, message: string, status: 400 | 403 | 404 | 409) => new DomainError(code, message, status);

function requireModerator(s: CommunityState, actorId: string) {
  if (!isModerator(s, actorId)) throw fail('NOT_COMMUNITY_MODERATOR', M.notModerator, 403);
}

function requireOwner(s: CommunityState, actorId: string) {
  if (s.ownerId !== actorId) throw fail('NOT_COMMUNITY_OWNER', M.notOwner, 403);
}

/** A moderator acts on members; only the owner on a moderator; nobody on the owner or on themself. */
function requireAuthorityOver(s: CommunityState, actorId: string, userId: string) {
  requireModerator(s, actorId);
  if (actorId === userId) throw fail('SELF_MODERATION', M.notYourself, 400);
  if (userId === s.ownerId) throw fail('CANNOT_MODERATE_OWNER', M.notOverOwner, 403);
  if (s.members[userId]?.role === 'moderator' && s.ownerId !== actorId)
    throw fail('CANNOT_MODERATE_MODERATOR', M.notOverModerator, 403);
}

function decide(s: CommunityState, c: CommunityCommand): CommunityEvent[] {
  const at = c.now;
  if (c.type === 'Create') {
    if (s.exists) throw fail('COMMUNITY_EXISTS', M.slugTaken, 409);
    const data = { communityId: c.communityId, at, slug: c.slug, privacy: c.privacy, ownerId: c.actorId };
    return [{ type: 'CommunityCreated', data: { ...data, ...c.profile } }];
  }
  if (!s.exists || s.deleted) throw fail('COMMUNITY_NOT_FOUND', M.notFound, 404);
  const communityId = s.id;
  const me = c.actorId;
  switch (c.type) {
    case 'Update':
      requireModerator(s, me);
      return Object.keys(c.changes).length === 0
        ? []
        : [{ type: 'CommunityUpdated', data: { communityId, at, changes: c.changes, by: me } }];
    case 'Join':
      if (s.bans[me]) throw fail('COMMUNITY_BANNED', M.banned, 403);
      if (s.members[me]) return [];
      if (s.privacy === 'public' || s.invites[me])
        return [
          {
            type: 'CommunityJoined',
            data: { communityId, at, userId: me, via: s.invites[me] ? 'invite' : 'open', by: me },
          },
        ];
      return s.requests[me] ? [] : [{ type: 'CommunityJoinRequested', data: { communityId, at, userId: me } }];
    case 'Leave':
      if (s.requests[me]) return [{ type: 'CommunityJoinRequestWithdrawn', data: { communityId, at, userId: me } }];
      if (!s.members[me]) return [];
      if (s.ownerId === me) throw fail('OWNER_CANNOT_LEAVE', M.ownerCannotLeave, 409);
      return [{ type: 'CommunityLeft', data: { communityId, at, userId: me } }];
    case 'Approve':
    case 'Decline':
      requireModerator(s, me);
      if (!s.requests[c.userId]) throw fail('REQUEST_NOT_FOUND', M.noRequest, 404);
      return c.type === 'Approve'
        ? [{ type: 'CommunityJoined', data: { communityId, at, userId: c.userId, via: 'approval', by: me } }]
        : [{ type: 'CommunityJoinRequestDeclined', data: { communityId, at, userId: c.userId, by: me } }];
    case 'Invite':
      requireModerator(s, me);
      if (s.bans[c.userId]) throw fail('COMMUNITY_BANNED', M.invitedBanned, 409);
      if (s.members[c.userId]) throw fail('ALREADY_MEMBER', M.alreadyMember, 409);
      // An invitation answers a pending request at once: the member wanted in.
      if (s.requests[c.userId])
        return [{ type: 'CommunityJoined', data: { communityId, at, userId: c.userId, via: 'approval', by: me } }];
      return s.invites[c.userId]
        ? []
        : [{ type: 'CommunityMemberInvited', data: { communityId, at, userId: c.userId, by: me } }];
    case 'SetRole':
      requireOwner(s, me);
      if (!s.members[c.userId]) throw fail('MEMBER_NOT_FOUND', M.notMember, 404);
      if (c.userId === me) throw fail('SELF_MODERATION', M.notYourself, 400);
      return s.members[c.userId]!.role === c.role
        ? []
        : [{ type: 'CommunityRoleChanged', data: { communityId, at, userId: c.userId, by: me, role: c.role } }];
    case 'TransferOwnership':
      requireOwner(s, me);
      if (!s.members[c.userId]) throw fail('MEMBER_NOT_FOUND', M.notMember, 404);
      if (c.userId === me) return [];
      return [{ type: 'CommunityOwnershipTransferred', data: { communityId, at, from: me, to: c.userId } }];
    case 'Mute':
    case 'Unmute': {
      requireAuthorityOver(s, me, c.userId);
      const member = s.members[c.userId];
      if (!member) throw fail('MEMBER_NOT_FOUND', M.notMember, 404);
      if (member.muted === (c.type === 'Mute')) return [];
      return c.type === 'Mute'
        ? [{ type: 'CommunityMemberMuted', data: { communityId, at, userId: c.userId, by: me, reason: c.reason } }]
        : [{ type: 'CommunityMemberUnmuted', data: { communityId, at, userId: c.userId, by: me } }];
    }
    case 'Ban':
      requireAuthorityOver(s, me, c.userId);
      return s.bans[c.userId]
        ? []
        : [{ type: 'CommunityMemberBanned', data: { communityId, at, userId: c.userId, by: me, reason: c.reason } }];
    case 'Unban':
      requireModerator(s, me);
      return s.bans[c.userId]
        ? [{ type: 'CommunityMemberUnbanned', data: { communityId, at, userId: c.userId, by: me } }]
        : [];
    case 'Settings': {
      const member = s.members[me];
      if (!member) throw fail('NOT_COMMUNITY_MEMBER', M.notMemberYou, 403);
      const notify = c.notify ?? member.notify;
      const feedInHome = c.feedInHome ?? member.feedInHome;
      if (notify === member.notify && feedInHome === member.feedInHome) return [];
      return [{ type: 'CommunitySettingsChanged', data: { communityId, at, userId: me, notify, feedInHome } }];
    }
    case 'Pin':
      requireModerator(s, me);
      if (s.removed[c.postId]) throw fail('POST_NOT_FOUND', M.postNotInCommunity, 404);
      if (s.pinned.includes(c.postId)) return [];
      if (s.pinned.length >= COMMUNITY_LIMITS.pinsMax) throw fail('TOO_MANY_PINS', M.tooManyPins, 409);
      return [{ type: 'CommunityPostPinned', data: { communityId, at, postId: c.postId, by: me } }];
    case 'Unpin':
      requireModerator(s, me);
      return s.pinned.includes(c.postId)
        ? [{ type: 'CommunityPostUnpinned', data: { communityId, at, postId: c.postId, by: me } }]
        : [];
    case 'DismissReports':
      requireModerator(s, me);
      if (s.removed[c.postId]) throw fail('POST_NOT_FOUND', M.postNotInCommunity, 404);
      return [{ type: 'CommunityReportsDismissed', data: { communityId, at, postId: c.postId, by: me } }];
    case 'Delete': {
      const asStaff = s.ownerId !== me;
      if (asStaff && !c.staff) requireOwner(s, me);
      const reason = c.reason?.trim() || null;
      if (asStaff && !reason) throw fail('VALIDATION_FAILED', M.deleteReason, 400);
      return [{ type: 'CommunityDeleted', data: { communityId, at, by: me, asStaff, reason } }];
    }
    case 'RemovePost':
      requireModerator(s, me);
      if (s.removed[c.postId]) return [];
      return [
        {
          type: 'CommunityPostRemoved',
          data: { communityId, at, postId: c.postId, authorId: c.authorId, by: me, reason: c.reason },
        },
      ];
  }
}

export const communityDecider: Decider<CommunityState, CommunityCommand, CommunityEvent> = {
  initialState,
  evolve,
  decide,
};

/** Whether a member may read the community's posts (public: everyone; private: its members). */
export const canRead = (s: CommunityState, userId: string | null) =>
  s.privacy === 'public' || (userId !== null && !!s.members[userId]);
