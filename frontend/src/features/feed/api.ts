import { api } from '@/app/api';
import type { Post } from '@/resources/posts';

import { postTags } from '../posts';

/** §9 feed constants. */
export const FEED_PAGE_SIZE = 20;
export const FEED_FRESH_SECONDS = 30;
export const FEED_KEEP_SECONDS = 5 * 60;
export const FEED_REFETCH_MS = 120_000;

/** 'home' is the signed-in member's feed (/api/feed); guests browse the public list (/api/posts). */
export type FeedSource = 'home' | 'public';

const FIRST_PAGE = '';

/** §7: the next cursor is the id of the last post when a full page came back; a short page is the end. */
export function nextFeedCursor(lastPage: Post[]): string | undefined {
  if (lastPage.length < FEED_PAGE_SIZE) return undefined;
  return lastPage[lastPage.length - 1]?.id;
}

export const feedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeed: build.infiniteQuery<Post[], FeedSource, string>({
      infiniteQueryOptions: {
        initialPageParam: FIRST_PAGE,
        getNextPageParam: (lastPage) => nextFeedCursor(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({
        url: queryArg === 'home' ? '/api/feed' : '/api/posts',
        params: { limit: FEED_PAGE_SIZE, cursor: pageParam === FIRST_PAGE ? undefined : pageParam },
      }),
      providesTags: (result) => ['Feed', ...postTags(result?.pages.flat())],
      keepUnusedDataFor: FEED_KEEP_SECONDS,
    }),
  }),
});

export const { useGetFeedInfiniteQuery } = feedApi;
