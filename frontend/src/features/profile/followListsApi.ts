import { api } from '@/app/api';

import type { FollowList, FollowListPage } from './types';

export const FOLLOW_LIST_PAGE_SIZE = 20;

export interface FollowListArgs {
  username: string;
  list: FollowList;
}

export const followListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/profile/:username/followers|following → { users, nextCursor } (an opaque cursor). */
    getFollowList: build.infiniteQuery<FollowListPage, FollowListArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/api/profile/${encodeURIComponent(queryArg.username.toLowerCase())}/${queryArg.list}`,
        params: { limit: FOLLOW_LIST_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      extraOptions: { maxRetries: 1 },
      // Each row carries the viewer's follow state, so a follow anywhere refreshes the rows it touches.
      providesTags: (result, _e, { username }) => [
        ...(result?.pages.flatMap((page) =>
          page.users.map((user) => ({ type: 'Relationship' as const, id: user.id })),
        ) ?? []),
        { type: 'Profile', id: username.toLowerCase() },
      ],
    }),
  }),
});

export const { useGetFollowListInfiniteQuery } = followListsApi;
