/**
 * A member's profile screen: header, tabs, follow lists, editing and account actions. The profile
 * and relationship data shared with other features are resources (resources/profiles,
 * resources/relationships). The screen is loaded lazily by app/routes.tsx.
 */
export { DeleteAccountDialog } from './components/DeleteAccountDialog';
/** Follow / Follow Back / Following for any list of members (search, suggestions): one mutation, one cache. */
export { FollowButton } from './components/FollowButton';
export { useExportAccount } from './hooks/useExportAccount';
export type { FollowList, ProfileTab, Reply } from './types';
// Not the screen: app/routes.tsx loads it from its own file, and a re-export here would bring the whole
// screen (and what it imports) to every screen that imports something else from this folder.
