/**
 * Profiles as the server sends them (contract/profiles.ts, mirrored from
 * backend/modules/profiles/profile-views.service.ts and follow-lists.service.ts).
 */
import type {
  FollowListItemView,
  FollowListPageView,
  FollowStateView,
  ProfileCountsView,
  ProfileView,
  RelationshipView,
} from '@contract';

export type { RelationshipAnswer } from '@contract';

/** How the pair looks from the viewer's side (spec part 1 §3 Profile.relationship). */
export type Relationship = RelationshipView;
export type FollowState = FollowStateView;
export type ProfileCounts = ProfileCountsView;
/** §3 Profile, as `GET /api/profile/{username}` answers it. */
export type Profile = ProfileView;
/** §3 Follower list item, with the viewer's own follow state for its button. */
export type FollowListItem = FollowListItemView;
export type FollowListPage = FollowListPageView;
