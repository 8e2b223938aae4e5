/**
 * Communities (issue 41): circles members create, join and post in. Its screens are loaded lazily by
 * app/routes.tsx; the composer reads the member's communities through this index.
 */
export { communitiesApi, useGetCommunitiesInfiniteQuery } from './api/communitiesApi';
export type { CommunityFilters, CommunityView } from './types';
