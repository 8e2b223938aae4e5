import type { PostAuthor, PostCommunity, PostView } from './posts';

export type { PostCommunity } from './posts';

/**
 * Communities (issue 41): circles members create, join and post in, with their own moderators
 * (backend/modules/communities, its README lists every route).
 */
export type CommunityCategory =
  | 'mosque'
  | 'study_circle'
  | 'family'
  | 'sisters'
  | 'brothers'
  | 'youth'
  | 'local'
  | 'other';

/** Public: anyone may join and read. Private: join requests approved by its moderators; posts for members only. */
export type CommunityPrivacy = PostCommunity['privacy'];

export type CommunityRole = 'owner' | 'moderator' | 'member';

/** Which new posts of a community notify a member: every one, the pinned announcements only, or none. */
export type CommunityNotifyLevel = 'all' | 'pinned' | 'none';

/** The viewer's standing in a community (none: not a member and nothing pending). */
export type CommunityStanding = 'member' | 'requested' | 'invited' | 'banned' | 'none';

export interface CommunityViewerState {
  standing: CommunityStanding;
  /** Set while a member. */
  role: CommunityRole | null;
  /** A muted member reads but cannot post or comment in the community until unmuted. */
  muted: boolean;
  notify: CommunityNotifyLevel;
  /** Whether the community's posts also show in the member's home feed. */
  feedInHome: boolean;
}

/** GET /api/communities/:slug and every list entry. The about part is shown to everyone, even of a private community. */
export interface CommunityView {
  id: string;
  slug: string;
  name: string;
  description: string;
  avatarUrl: string | null;
  bannerUrl: string | null;
  /** In order; shown numbered. */
  rules: string[];
  category: CommunityCategory;
  city: string;
  privacy: CommunityPrivacy;
  ownerId: string;
  memberCount: number;
  postCount: number;
  createdAt: string;
  /** Null for a guest. */
  me: CommunityViewerState | null;
  /** Join requests waiting (moderators and the owner only; otherwise absent). */
  pendingRequests?: number;
}

export interface CommunityPage {
  communities: CommunityView[];
  nextCursor: string | null;
}

/** POST /api/communities; PATCH /api/communities/:slug takes any subset but `slug` and `privacy`. */
export interface CommunityForm {
  name: string;
  /** Lower-case letters, digits and dashes, 3–40; made from the name when absent. */
  slug?: string;
  description: string;
  rules: string[];
  category: CommunityCategory;
  city: string;
  privacy: CommunityPrivacy;
  /** A ready image upload (POST /api/media) of the creator's, or null to remove. */
  avatarMediaId?: string | null;
  bannerMediaId?: string | null;
}

export interface CommunityMemberView {
  user: PostAuthor;
  role: CommunityRole;
  joinedAt: string;
  muted: boolean;
}

export interface CommunityMembersPage {
  members: CommunityMemberView[];
  nextCursor: string | null;
}

/** GET /api/communities/:slug/bans (moderators). */
export interface CommunityBanView {
  user: PostAuthor;
  reason: string;
  bannedAt: string;
  bannedBy: string;
}

export interface CommunityJoinRequestView {
  user: PostAuthor;
  requestedAt: string;
}

export interface CommunityJoinRequestsPage {
  requests: CommunityJoinRequestView[];
  nextCursor: string | null;
}

/** GET /api/communities/:slug/posts: the pinned announcements (first page only) and the feed, newest first. */
export interface CommunityPostsPage {
  pinned: PostView[];
  posts: PostView[];
  nextCursor: string | null;
}

/** POST /api/communities/:slug/join: 201 member, 202 request sent (private). */
export interface CommunityJoinAnswer {
  community: CommunityView;
}

/** PUT /api/communities/:slug/settings (a member's own). */
export interface CommunitySettingsBody {
  notify?: CommunityNotifyLevel;
  feedInHome?: boolean;
}

/** A report on a community post, in its moderators' queue (GET /api/communities/:slug/reports). */
export interface CommunityReportView {
  postId: string;
  post: PostView | null;
  reasons: string[];
  reportCount: number;
  firstReportedAt: string;
  lastReportedAt: string;
}
