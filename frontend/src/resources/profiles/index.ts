/** Profiles as a resource: the Profile type, the profile query and the cache patching of members. */
export type { Relationship, FollowState, ProfileCounts, Profile, FollowListItem, FollowListPage, RelationshipAnswer } from './types';
export { PROFILE_STALE_SECONDS, profileUpdateForm, profileApi, useGetProfileQuery, useUpdateProfileMutation, type ProfileUpdate } from './api';
export { patchMember, undoAll, type ApiState, type MemberRecipes, type Patch } from './profileCache';
