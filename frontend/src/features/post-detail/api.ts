import { api } from '@/app/api';
import type { AppDispatch, RootState } from '@/app/store';

import { patchPostEverywhere, type Post, postsApi } from '../posts';
import type { AddedComment, Comment, NewComment } from './types';

/** The server's page size for comments (comments.controller.ts: parseLimit(limit, 50)). */
export const COMMENTS_PAGE_SIZE = 50;

const commentsTag = (postId: string) => ({ type: 'Comment' as const, id: postId });

/**
 * Sets the post's comment count (both spellings) in every cached copy of the post (the detail
 * screen, the feed, profile tabs, bookmarks) to what the server counts now. Not +1/-1 locally: a
 * post_updated push may already have brought the new count, and adding to it would count twice.
 */
export async function syncCommentCount(
  dispatch: AppDispatch,
  getState: () => RootState,
  postId: string,
): Promise<void> {
  const fresh = await dispatch(postsApi.endpoints.getPost.initiate(postId, { forceRefetch: true, subscribe: false }));
  if (!fresh.data) return;
  const count = fresh.data.commentCount ?? fresh.data.commentsCount;
  patchPostEverywhere(dispatch, getState(), postId, {
    post: (post: Post) => {
      post.commentCount = count;
      post.commentsCount = count;
    },
  });
}

/** Comments are listed oldest first; the next page starts after the id of the last comment held. */
export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getComments: build.infiniteQuery<Comment[], string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.length < COMMENTS_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]?.id,
      },
      query: ({ queryArg: postId, pageParam }) => ({
        url: `/api/posts/${encodeURIComponent(postId)}/comments`,
        params: { limit: COMMENTS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: (_result, _error, postId) => [commentsTag(postId)],
    }),

    /** Multipart, as the server reads it: `content` and repeated `media` files. */
    addComment: build.mutation<AddedComment, NewComment>({
      query: ({ postId, content, files }) => {
        const body = new FormData();
        body.append('content', content);
        for (const file of files) body.append('media', file, file.name);
        return { url: `/api/posts/${encodeURIComponent(postId)}/comments`, method: 'POST', body };
      },
      async onQueryStarted({ postId }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // the composer reports the failure
        }
        await syncCommentCount(dispatch as AppDispatch, getState as () => RootState, postId);
      },
      invalidatesTags: (result, _error, { postId }) => (result ? [commentsTag(postId)] : []),
    }),

    /** Removes the comment from the cached list at once; puts it back if the server refuses. */
    deleteComment: build.mutation<{ success: boolean }, { postId: string; commentId: string }>({
      query: ({ postId, commentId }) => ({
        url: `/api/posts/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ postId, commentId }, { dispatch, getState, queryFulfilled }) {
        const patch = dispatch(
          commentsApi.util.updateQueryData('getComments', postId, (draft) => {
            draft.pages = draft.pages.map((page) => page.filter((c) => c.id !== commentId));
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
          return;
        }
        await syncCommentCount(dispatch as AppDispatch, getState as () => RootState, postId);
      },
      invalidatesTags: (_result, _error, { postId }) => [commentsTag(postId)],
    }),
  }),
});

export const { useGetCommentsInfiniteQuery, useAddCommentMutation, useDeleteCommentMutation } = commentsApi;
