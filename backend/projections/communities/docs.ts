import type {
  CommunityCategory,
  CommunityNotifyLevel,
  CommunityPrivacy,
  CommunityRole,
  CommunityStanding,
} from '@contract';
import type { CollectionSpec } from '@platform/read-store/read-store.port';

export const COMMUNITIES = 'communities';
export const COMMUNITY_MEMBERS = 'community_members';
export const COMMUNITY_POSTS = 'community_posts';
export const COMMUNITY_REPORTS = 'community_reports';
export const COMMUNITIES_PROJECTOR = 'communities';

export interface CommunityDoc {
  id: string;
  [key: string]: unknown;
  slug: string;
  name: string;
  description: string;
  rules: string[];
  category: CommunityCategory;
  city: string;
  /** The city compared case-insensitively (the list's city filter). */
  cityKey: string;
  privacy: CommunityPrivacy;
  ownerId: string;
  avatarMediaId: string | null;
  bannerMediaId: string | null;
  memberCount: number;
  postCount: number;
  pendingRequests: number;
  /** Pinned announcements, most recently pinned first. */
  pinned: string[];
  /** Every prefix of the name's and city's words, lower-cased: the list's `q` matches one. */
  words: string[];
  createdAt: string;
}

/** What a member's standing is, apart from whose and where it is kept. */
export interface Standing {
  status: Exclude<CommunityStanding, 'none'>;
  role: CommunityRole | null;
  muted: boolean;
  notify: CommunityNotifyLevel;
  feedInHome: boolean;
  /** When the standing began (joined, asked, invited, banned). */
  since: string;
  /** A ban's reason and who banned. */
  reason?: string;
  by?: string;
}

/** A member's standing in a community; id `<communityId>:<userId>`. Left members have no document. */
export interface CommunityMemberDoc extends Standing {
  id: string;
  [key: string]: unknown;
  communityId: string;
  userId: string;
  /** Members list order: the owner, moderators, then members by when they joined. */
  order: string;
}

/** Which community a post belongs to and whether it is live (the post counts). id: the post's id. */
export interface CommunityPostDoc {
  id: string;
  [key: string]: unknown;
  communityId: string;
  authorId: string;
  live: boolean;
}

/**
 * The reports on one post of a community, for its moderators (id: the post's id). Open until a
 * moderator removes the post or keeps it; a later report opens it again.
 */
export interface CommunityReportDoc {
  id: string;
  [key: string]: unknown;
  communityId: string;
  open: boolean;
  /** Distinct reasons, newest first. */
  reasons: string[];
  reporterIds: string[];
  count: number;
  firstReportedAt: string;
  lastReportedAt: string;
}

export const memberDocId = (communityId: string, userId: string) => `${communityId}:${userId}`;

const RANK: Record<CommunityRole, number> = { owner: 0, moderator: 1, member: 2 };
export const memberOrder = (role: CommunityRole | null, since: string) => `${role ? RANK[role] : 3}:${since}`;

export const communityCollections: CollectionSpec[] = [
  {
    name: COMMUNITIES,
    indexes: [
      { fields: ['slug'] },
      { fields: ['category'], sort: { field: 'id' } },
      { fields: ['cityKey'], sort: { field: 'id' } },
      { fields: ['privacy'], sort: { field: 'id' } },
    ],
    arrayFields: ['words'],
  },
  {
    name: COMMUNITY_MEMBERS,
    indexes: [
      { fields: ['communityId', 'status'], sort: { field: 'order' } },
      { fields: ['userId', 'status'], sort: { field: 'since' } },
    ],
  },
  { name: COMMUNITY_POSTS, indexes: [{ fields: ['communityId', 'live'] }] },
  { name: COMMUNITY_REPORTS, indexes: [{ fields: ['communityId', 'open'], sort: { field: 'lastReportedAt' } }] },
];
