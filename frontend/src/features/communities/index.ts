/**
 * Communities (issue 41): circles members create, join and post in. Its screens are loaded lazily by
 * app/routes.tsx; the post and video composers offer the member's communities through this index
 * ("Post to": its words are the composer's, `compose.community.*`, which every first load carries).
 */
export { communitiesApi, useGetCommunitiesInfiniteQuery } from './api/communitiesApi';
export { PostToPicker } from './components/PostToPicker';
export { postTarget, type PostTargets, usePostTargets } from './hooks/usePostTargets';
export { useReplyRefusal } from './hooks/useReplyRefusal';
export type { CommunityFilters, CommunityView } from './types';
