/** Profiles as a resource: the Profile type, the profile query and the cache patching of members. */
export {
  PROFILE_STALE_SECONDS,
  profileApi,
  type ProfileUpdate,
  profileUpdateForm,
  useGetProfileQuery,
  useUpdateProfileMutation,
} from './api';
export { type ApiState, type MemberRecipes, type Patch, patchMember, undoAll } from './profileCache';
export type {
  FollowListItem,
  FollowListPage,
  FollowState,
  Profile,
  ProfileCounts,
  Relationship,
  RelationshipAnswer,
} from './types';
