/** How the pair looks from the viewer's side (backend/modules/profiles/queries/profile-views.queries.ts `flags`). */
export interface RelationshipView {
  isFollowing: boolean;
  isFollowingBack: boolean;
  isBlocked: boolean;
  hasBlockedMe: boolean;
  isMuted: boolean;
}

/** What the server says of the viewer's follow. */
export type FollowStateView = 'following' | 'not_following';

export interface ProfileCountsView {
  posts: number;
  followers: number;
  following: number;
  likes: number;
}

/**
 * §3 Profile, as `GET /api/profile/{username}` answers it (profile-views.service.ts `view`). Blocked
 * either way: isReduced, and nothing of the member's content (pictures, bio... null, counts 0).
 */
export interface ProfileView {
  id: string;
  username: string;
  displayName: string;
  name: string;
  createdAt: string;
  verified: boolean;
  isVerified: boolean;
  isOwner: boolean;
  myFollowState: FollowStateView;
  relationship: RelationshipView;
  avatarUrl: string | null;
  profileImage: string | null;
  bannerUrl: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  counts: ProfileCountsView;
  isReduced: boolean;
  blockedMessage: string | null;
}

/** §3 Follower list item, with the viewer's own follow state (backend/modules/profiles/queries/follow-lists.queries.ts). */
export interface FollowListItemView {
  id: string;
  displayName: string;
  username: string;
  avatarUrl: string | null;
  bio: string | null;
  verified: boolean;
  isFollowing: boolean;
  isFollowingBack: boolean;
}

/** `GET /api/profile/{username}/followers|following`. */
export interface FollowListPageView {
  users: FollowListItemView[];
  nextCursor: string | null;
}

/** The answer of follow, block and mute calls (backend/modules/relationships/http/relationships.controller.ts). */
export interface RelationshipAnswer {
  success: boolean;
  userId: string;
  myFollowState: FollowStateView;
  relationship: RelationshipView;
}
