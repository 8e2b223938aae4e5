import { api } from '@/app/api';
import type { Post } from '@/resources/posts';

import { postTags } from '../posts';

/** §3 Video feed post: a post with its clip, plus `comments` (the comment count under its spec name). */
export type VideoFeedPost = Post & { comments?: number };

/** §3 Video draft as the server keeps it (plus the uploaded clip, when there is one). */
export interface VideoDraft {
  id: string;
  caption: string;
  videoFile: { name: string; size: number; type: string } | null;
  metadata: Record<string, unknown>;
  allowComments: boolean;
  mediaId: string | null;
  createdAt: string;
  savedAt: string;
}

export type SaveDraftRequest = Partial<Omit<VideoDraft, 'createdAt' | 'savedAt'>> & { caption: string };

export const VIDEOS_PAGE_SIZE = 10;
const FIRST_PAGE = '';

export function nextVideosCursor(lastPage: VideoFeedPost[]): string | undefined {
  if (lastPage.length < VIDEOS_PAGE_SIZE) return undefined;
  return lastPage[lastPage.length - 1]?.id;
}

// The drafts' tag is this feature's own; app/api.ts keeps the shared ones.
export const videosApi = api.enhanceEndpoints({ addTagTypes: ['VideoDraft'] }).injectEndpoints({
  endpoints: (build) => ({
    getVideos: build.infiniteQuery<VideoFeedPost[], void, string>({
      infiniteQueryOptions: {
        initialPageParam: FIRST_PAGE,
        getNextPageParam: (lastPage) => nextVideosCursor(lastPage),
      },
      query: ({ pageParam }) => ({
        url: '/api/videos',
        params: { limit: VIDEOS_PAGE_SIZE, cursor: pageParam === FIRST_PAGE ? undefined : pageParam },
      }),
      // 'Feed': a new post and the media_processed push (features/realtime) refresh it like the home feed.
      providesTags: (result) => ['Feed', ...postTags(result?.pages.flat())],
    }),
    getVideoDrafts: build.query<VideoDraft[], void>({
      query: () => '/api/posts/video/drafts',
      providesTags: ['VideoDraft'],
    }),
    saveVideoDraft: build.mutation<VideoDraft, SaveDraftRequest>({
      query: (body) => ({ url: '/api/posts/video/drafts', method: 'POST', body }),
      invalidatesTags: ['VideoDraft'],
    }),
    deleteVideoDraft: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `/api/posts/video/drafts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['VideoDraft'],
    }),
    createVideoPost: build.mutation<Post, FormData>({
      query: (form) => ({ url: '/api/posts/video', method: 'POST', body: form }),
      invalidatesTags: ['Feed', 'ProfileTab'],
    }),
  }),
});

export const {
  useGetVideosInfiniteQuery,
  useGetVideoDraftsQuery,
  useSaveVideoDraftMutation,
  useDeleteVideoDraftMutation,
  useCreateVideoPostMutation,
} = videosApi;
