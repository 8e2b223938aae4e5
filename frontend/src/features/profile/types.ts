/** How the pair looks from the viewer's side (spec part 1 §3 Profile.relationship). */
export interface Relationship {
  isFollowing: boolean;
  isFollowingBack: boolean;
  isBlocked: boolean;
  hasBlockedMe: boolean;
  isMuted?: boolean;
}

export type FollowState = 'following' | 'not_following' | 'requested';

export interface ProfileCounts {
  posts?: number;
  followers?: number;
  following?: number;
  likes?: number;
}

/** §3 Profile, as `GET /api/profile/{username}` answers it (backend/modules/profiles/profile-views.service.ts). */
export interface Profile {
  id: string;
  username: string;
  displayName: string;
  name?: string;
  avatarUrl?: string | null;
  profileImage?: string | null;
  bannerUrl?: string | null;
  bio?: string | null;
  location?: string | null;
  website?: string | null;
  createdAt?: string;
  verified?: boolean;
  isVerified?: boolean;
  counts?: ProfileCounts;
  isOwner?: boolean;
  myFollowState?: FollowState;
  relationship?: Relationship;
  /** Blocked either way: the server sends only enough to say why. */
  isReduced?: boolean;
  blockedMessage?: string | null;
}

/** §3 Follower list item, with the viewer's own follow state for its button. */
export interface FollowListItem {
  id: string;
  displayName: string;
  username: string;
  avatarUrl: string | null;
  bio: string | null;
  verified: boolean;
  isFollowing: boolean;
  isFollowingBack: boolean;
}

export type FollowList = 'followers' | 'following';

export interface FollowListPage {
  users: FollowListItem[];
  nextCursor: string | null;
}

/** A comment of the member on the Replies tab; `originalPost` is what it answers. */
export interface Reply {
  id: string;
  postId: string;
  userId: string;
  user: { id: string; name: string; displayName: string; username: string; profileImage: string | null; avatarUrl: string | null; isVerified: boolean };
  content: string;
  imageUrl: string | null;
  videoUrl: string | null;
  createdAt: string;
  editedAt: string | null;
  originalPost: { id: string; userId: string | null; content: string };
}

export type ProfileTab = 'posts' | 'replies' | 'media' | 'likes';
export const PROFILE_TABS: readonly ProfileTab[] = ['posts', 'replies', 'media', 'likes'];

/** The answer of follow, block and mute calls (backend/modules/relationships/http). */
export interface RelationshipAnswer {
  success: boolean;
  userId: string;
  myFollowState: FollowState;
  relationship: Relationship;
}
