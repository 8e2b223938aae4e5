/**
 * A member's profile screen: header, tabs, follow lists, editing and account actions. The profile
 * and relationship data shared with other features are resources (resources/profiles,
 * resources/relationships). The screen is loaded lazily by app/routes.tsx.
 */
export { DeleteAccountDialog } from './components/DeleteAccountDialog';
/** Follow / Follow Back / Following for any list of members (search, suggestions): one mutation, one cache. */
export { FollowButton } from './components/FollowButton';
export { useExportAccount } from './hooks/useExportAccount';
export { default as ProfileScreen } from './screens/ProfileScreen';
export type { FollowList, ProfileTab, Reply } from './types';
