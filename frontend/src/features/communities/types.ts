/** Communities' shapes (contract/communities.ts, shared with the server) and the lists screens offer. */
import type { CommunityCategory, CommunityNotifyLevel } from '@contract';

export type {
  CommunityBanView,
  CommunityCategory,
  CommunityForm,
  CommunityJoinAnswer,
  CommunityJoinRequestsPage,
  CommunityJoinRequestView,
  CommunityMembersPage,
  CommunityMemberView,
  CommunityNotifyLevel,
  CommunityPage,
  CommunityPostsPage,
  CommunityPrivacy,
  CommunityReportView,
  CommunityRole,
  CommunitySettingsBody,
  CommunityStanding,
  CommunityView,
  CommunityViewerState,
} from '@contract';

/** In the order the chips and the select show them. */
export const COMMUNITY_CATEGORIES: readonly CommunityCategory[] = [
  'mosque',
  'study_circle',
  'family',
  'sisters',
  'brothers',
  'youth',
  'local',
  'other',
];

export const NOTIFY_LEVELS: readonly CommunityNotifyLevel[] = ['all', 'pinned', 'none'];

/** GET /api/communities filters; empty strings are left out of the address and the request. */
export interface CommunityFilters {
  q: string;
  category: CommunityCategory | '';
  city: string;
  mine?: boolean;
}
