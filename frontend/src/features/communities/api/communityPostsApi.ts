import { api } from '@/app/api';
import { postTags } from '@/features/posts';

import type { CommunityPostsPage, CommunityReportView } from '../types';
import { slugPath } from './communitiesApi';

export const COMMUNITY_POSTS_PAGE_SIZE = 20;

const feed = (slug: string) => ({ type: 'CommunityPosts' as const, id: slug });
const reports = (slug: string) => ({ type: 'CommunityReports' as const, id: slug });
const postPath = (slug: string, postId: string) => `${slugPath(slug)}/posts/${encodeURIComponent(postId)}`;

/** A community's feed, its pinned announcements and its moderators' work on posts. */
export const communityPostsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The pinned (first page only) and the feed, newest first (403 COMMUNITY_PRIVATE for outsiders). */
    getCommunityPosts: build.infiniteQuery<CommunityPostsPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg: slug, pageParam }) => ({
        url: `${slugPath(slug)}/posts`,
        params: { limit: COMMUNITY_POSTS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      // Each post is tagged so likes, bookmarks and edits patch it here too (features/posts).
      providesTags: (result, _e, slug) => [
        feed(slug),
        ...postTags(result?.pages.flatMap((page) => [...page.pinned, ...page.posts])),
      ],
    }),

    /** Moderators pin a post as an announcement, or unpin it. */
    setPostPinned: build.mutation<{ pinned: boolean }, { slug: string; postId: string; pinned: boolean }>({
      query: ({ slug, postId, pinned }) => ({
        url: `${postPath(slug, postId)}/pin`,
        method: pinned ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [feed(slug)]),
    }),

    /** Moderators remove a post, with a reason: gone from the community and everywhere else. */
    removeCommunityPost: build.mutation<{ removed: true }, { slug: string; postId: string; reason: string }>({
      query: ({ slug, postId, reason }) => ({
        url: `${postPath(slug, postId)}/remove`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_r, error, { slug, postId }) =>
        error ? [] : [feed(slug), reports(slug), 'Feed', 'ProfileTab', { type: 'Post', id: postId }],
    }),

    /** Moderators: reports on the community's posts. */
    getCommunityReports: build.query<CommunityReportView[], string>({
      query: (slug) => `${slugPath(slug)}/reports`,
      transformResponse: (answer: { reports: CommunityReportView[] }) => answer.reports,
      providesTags: (result, _e, slug) => [
        reports(slug),
        ...postTags((result ?? []).flatMap((report) => (report.post ? [report.post] : []))),
      ],
    }),

    /** Moderators keep a reported post: its reports close (a new report opens them again). */
    dismissCommunityReports: build.mutation<{ dismissed: true }, { slug: string; postId: string }>({
      query: ({ slug, postId }) => ({
        url: `${slugPath(slug)}/reports/${encodeURIComponent(postId)}/dismiss`,
        method: 'POST',
      }),
      // Out of the queue at once, not after the refetch: a second tap on Keep would find nothing.
      onQueryStarted: async ({ slug, postId }, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          dispatch(
            communityPostsApi.util.updateQueryData('getCommunityReports', slug, (list) =>
              list.filter((report) => report.postId !== postId),
            ),
          );
        } catch {
          /* the screen shows the failure */
        }
      },
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [reports(slug)]),
    }),
  }),
});

export const {
  useGetCommunityPostsInfiniteQuery,
  useSetPostPinnedMutation,
  useRemoveCommunityPostMutation,
  useGetCommunityReportsQuery,
  useDismissCommunityReportsMutation,
} = communityPostsApi;
