import { api } from '@/app/api';

import { type Post, postTags } from '../posts';

/** Page size of the bookmarks list (the server's default, like the feed's 20). */
export const BOOKMARKS_PAGE_SIZE = 20;

/**
 * The member's bookmarks, most recently bookmarked first. The next page starts after the id of the
 * last post held; a page shorter than the page size is the end.
 */
export const bookmarksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBookmarks: build.infiniteQuery<Post[], void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.length < BOOKMARKS_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]?.id,
      },
      query: ({ pageParam }) => ({
        url: '/api/bookmarks',
        params: { limit: BOOKMARKS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      // Each post, so that a change to any of them (like, edit, delete) reaches this list; and the list.
      providesTags: (result) => [...postTags(result?.pages.flat()), { type: 'Bookmark' as const, id: 'LIST' }],
    }),
  }),
});

export const { useGetBookmarksInfiniteQuery } = bookmarksApi;
