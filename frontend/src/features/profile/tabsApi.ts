import { api } from '@/app/api';

import { type Post, postTags } from '../posts';
import type { Reply } from './types';

/** §9: lists of posts come 20 at a time; profile tab queries are fresh for 30 s and retried once. */
export const TAB_PAGE_SIZE = 20;
export const TAB_STALE_SECONDS = 30;

export type PostTab = 'posts' | 'media' | 'likes';

export interface TabArgs {
  username: string;
  tab: PostTab;
}

/** The next cursor is the id of the last item when a full page came back; a short page is the end. */
export function nextCursor(page: ReadonlyArray<{ id: string }>): string | undefined {
  return page.length === TAB_PAGE_SIZE ? page[page.length - 1]?.id : undefined;
}

const tabUrl = (username: string, tab: string) => `/api/profile/${encodeURIComponent(username.toLowerCase())}/${tab}`;

const tabParams = (pageParam: string | null) => ({ limit: TAB_PAGE_SIZE, cursor: pageParam ?? undefined });

export const profileTabsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Posts, Media and Likes: plain arrays of posts. */
    getProfilePosts: build.infiniteQuery<Post[], TabArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => nextCursor(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({
        url: tabUrl(queryArg.username, queryArg.tab),
        params: tabParams(pageParam),
      }),
      extraOptions: { maxRetries: 1 },
      providesTags: (result, _e, { username }) => [
        ...postTags(result?.pages.flat()),
        { type: 'ProfileTab', id: username.toLowerCase() },
      ],
    }),
    /** Replies: the member's comments, each with the post it answers. */
    getProfileReplies: build.infiniteQuery<Reply[], string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => nextCursor(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({ url: tabUrl(queryArg, 'replies'), params: tabParams(pageParam) }),
      extraOptions: { maxRetries: 1 },
      providesTags: (result, _e, username) => [
        ...(result?.pages.flat().map((reply) => ({ type: 'Comment' as const, id: reply.id })) ?? []),
        { type: 'ProfileTab', id: username.toLowerCase() },
      ],
    }),
  }),
});

export const { useGetProfilePostsInfiniteQuery, useGetProfileRepliesInfiniteQuery } = profileTabsApi;
