import { isStaff, useSession } from '@/resources/session';

import type { CommunityView } from '../types';

export interface CommunityAccess {
  signedIn: boolean;
  isMember: boolean;
  isModerator: boolean;
  isOwner: boolean;
  /** May read the feed and the members: a public community, its members, or the app's own staff. */
  canRead: boolean;
  /** A member who is not muted. */
  canPost: boolean;
}

/** What the viewer may see and do in a community, from its `me` and the session. */
export function communityAccess(
  community: CommunityView,
  role: string | undefined,
  signedIn: boolean,
): CommunityAccess {
  const me = community.me;
  const isMember = me?.standing === 'member';
  const isOwner = isMember && me?.role === 'owner';
  const isModerator = isMember && (me?.role === 'owner' || me?.role === 'moderator');
  return {
    signedIn,
    isMember,
    isModerator,
    isOwner,
    canRead: community.privacy === 'public' || isMember || isStaff(role),
    canPost: isMember && !me?.muted,
  };
}

export function useCommunityAccess(community: CommunityView): CommunityAccess {
  const { user } = useSession();
  return communityAccess(community, user?.role, !!user);
}
