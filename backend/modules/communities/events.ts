import type { CommunityCategory, CommunityNotifyLevel, CommunityPrivacy } from '@contract';

/**
 * Events of the communities context. Streams:
 * - `community-<id>`: the community, its members, requests, invitations, bans, pins and removals, so
 *   every rule (a banned member cannot rejoin, only moderators approve) is decided on one state;
 * - `communityslug-<slug>`: the slug's reservation, appended with the community (unique slugs
 *   without reading a read model, as usernames are).
 */
export interface CommunityProfile {
  name: string;
  description: string;
  rules: string[];
  category: CommunityCategory;
  city: string;
  avatarMediaId: string | null;
  bannerMediaId: string | null;
}

interface Acted {
  communityId: string;
  at: string;
}

/** A member acted on by a moderator (by), for a reason where one is asked. */
interface OnMember extends Acted {
  userId: string;
  by: string;
}

export type CommunityEvent =
  | {
      type: 'CommunityCreated';
      data: Acted & CommunityProfile & { slug: string; privacy: CommunityPrivacy; ownerId: string };
    }
  | { type: 'CommunityUpdated'; data: Acted & { changes: Partial<CommunityProfile>; by: string } }
  /** via: how the member came in (an open community, an invitation, or a moderator's approval: by). */
  | { type: 'CommunityJoined'; data: Acted & { userId: string; via: 'open' | 'invite' | 'approval'; by: string } }
  | { type: 'CommunityJoinRequested'; data: Acted & { userId: string } }
  | { type: 'CommunityJoinRequestWithdrawn'; data: Acted & { userId: string } }
  | { type: 'CommunityJoinRequestDeclined'; data: OnMember }
  | { type: 'CommunityMemberInvited'; data: OnMember }
  | { type: 'CommunityLeft'; data: Acted & { userId: string } }
  | { type: 'CommunityRoleChanged'; data: OnMember & { role: 'moderator' | 'member' } }
  | { type: 'CommunityOwnershipTransferred'; data: Acted & { from: string; to: string } }
  | { type: 'CommunityMemberMuted'; data: OnMember & { reason: string } }
  | { type: 'CommunityMemberUnmuted'; data: OnMember }
  | { type: 'CommunityMemberBanned'; data: OnMember & { reason: string } }
  | { type: 'CommunityMemberUnbanned'; data: OnMember }
  | {
      type: 'CommunitySettingsChanged';
      data: Acted & { userId: string; notify: CommunityNotifyLevel; feedInHome: boolean };
    }
  | { type: 'CommunityPostPinned'; data: Acted & { postId: string; by: string } }
  | { type: 'CommunityPostUnpinned'; data: Acted & { postId: string; by: string } }
  /** A community moderator took a post out of the community (and so out of every list). */
  | { type: 'CommunityPostRemoved'; data: Acted & { postId: string; authorId: string; by: string; reason: string } }
  /** A community moderator read the reports on a post and kept it. */
  | { type: 'CommunityReportsDismissed'; data: Acted & { postId: string; by: string } }
  /**
   * Its owner, or one of the app's moderators or admins (`asStaff`, with a reason), deleted the
   * community: its posts are deleted after it (CommunityClosure), its address is never given again.
   */
  | { type: 'CommunityDeleted'; data: Acted & { by: string; asStaff: boolean; reason: string | null } };

export type CommunityEventType = CommunityEvent['type'];

export const COMMUNITY_EVENT_TYPES: readonly CommunityEventType[] = [
  'CommunityCreated',
  'CommunityUpdated',
  'CommunityJoined',
  'CommunityJoinRequested',
  'CommunityJoinRequestWithdrawn',
  'CommunityJoinRequestDeclined',
  'CommunityMemberInvited',
  'CommunityLeft',
  'CommunityRoleChanged',
  'CommunityOwnershipTransferred',
  'CommunityMemberMuted',
  'CommunityMemberUnmuted',
  'CommunityMemberBanned',
  'CommunityMemberUnbanned',
  'CommunitySettingsChanged',
  'CommunityPostPinned',
  'CommunityPostUnpinned',
  'CommunityPostRemoved',
  'CommunityReportsDismissed',
  'CommunityDeleted',
];

export type CommunitySlugEvent = { type: 'CommunitySlugReserved'; data: { communityId: string } };

export const communityStream = (communityId: string) => `community-${communityId}`;
export const communitySlugStream = (slug: string) => `communityslug-${slug}`;
