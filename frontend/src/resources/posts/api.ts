import type { ReportTargetType } from '@contract';

import { api } from '@/app/api';
import type { ApiError } from '@/app/baseQuery';
import type { AppDispatch, RootState } from '@/app/store';
import type { TranslationKey } from '@/i18n';
import { i18n } from '@/i18n';
import { toastShown } from '@/ui/toast';

import { patchPostEverywhere, undoPatches } from './cache';
import { withLikeRetry } from './likeRetry';
import {
  applyAnswerLike,
  applyAnswerLikeAnswer,
  applyReaction,
  applyReactionAnswer,
  type ReactionAnswer,
  type ReactionKind,
} from './reactions';
import type { Post, QuotedPost } from './types';

/** `on`: the state asked for (true → POST, false → DELETE). */
export interface ToggleArgs {
  id: string;
  on: boolean;
}

export interface PinAnswer {
  success: boolean;
  isPinned: boolean;
}

export interface ReportAnswer {
  success: boolean;
  reportId: string;
  message: string;
}

/** What a member reports: a post, a comment, a member or a message they received. */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

const REPORT_PATHS: Record<ReportTargetType, string> = {
  post: 'posts',
  comment: 'comments',
  user: 'users',
  message: 'messages',
};

const FAILURE_KEY: Record<ReactionKind, TranslationKey> = {
  like: 'posts.toast.likeFailed',
  bookmark: 'posts.toast.bookmarkFailed',
  repost: 'posts.toast.repostFailed',
};

const SUCCESS_KEY: Record<Exclude<ReactionKind, 'like'>, [on: TranslationKey, off: TranslationKey]> = {
  bookmark: ['posts.toast.bookmarked', 'posts.toast.unbookmarked'],
  repost: ['posts.toast.reposted', 'posts.toast.unreposted'],
};

const toggleRequest = (kind: ReactionKind, { id, on }: ToggleArgs) => ({
  url: `/api/posts/${encodeURIComponent(id)}/${kind}`,
  method: on ? 'POST' : 'DELETE',
});

/**
 * §4 optimistic toggle: every cached copy of the post flips at once, takes the server's count when the
 * call settles, and rolls back everywhere with the spec's error toast when it fails.
 */
interface ToggleLifecycle {
  dispatch: AppDispatch;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: ReactionAnswer }>;
}

async function optimisticToggle(
  kind: ReactionKind,
  args: ToggleArgs,
  { dispatch, getState, queryFulfilled }: ToggleLifecycle,
) {
  // A shared AI answer is a post: its copies in the Q&A feed and search results are liked with it.
  const patches = patchPostEverywhere(dispatch, getState() as RootState, args.id, {
    post: (post) => applyReaction(post, kind, args.on),
    ...(kind === 'like' ? { answer: (answer) => applyAnswerLike(answer, args.on) } : {}),
  });
  try {
    const { data } = await queryFulfilled;
    patchPostEverywhere(dispatch, getState() as RootState, args.id, {
      post: (post) => applyReactionAnswer(post, data),
      ...(kind === 'like' ? { answer: (answer) => applyAnswerLikeAnswer(answer, data) } : {}),
    });
    if (kind !== 'like') dispatch(toastShown(i18n.t(SUCCESS_KEY[kind][args.on ? 0 : 1]), 'success'));
  } catch {
    undoPatches(patches);
    dispatch(toastShown(i18n.t(FAILURE_KEY[kind]), 'error'));
  }
}

function failureText(key: TranslationKey, error: unknown): string {
  const detail = (error as { error?: ApiError } | undefined)?.error;
  const server =
    detail && typeof detail.data === 'object' && detail.data !== null
      ? (detail.data as { message?: unknown }).message
      : undefined;
  return typeof server === 'string' && server !== '' ? `${i18n.t(key)}: ${server}` : i18n.t(key);
}

export const postsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPost: build.query<Post, string>({
      query: (id) => `/api/posts/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Post', id }],
    }),

    likePost: build.mutation<ReactionAnswer, ToggleArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        return await withLikeRetry(async () => {
          const outcome = await baseQuery(toggleRequest('like', args));
          return outcome.error ? { error: outcome.error as ApiError } : { data: outcome.data as ReactionAnswer };
        });
      },
      onQueryStarted: (args, lifecycle) => optimisticToggle('like', args, lifecycle),
    }),
    bookmarkPost: build.mutation<ReactionAnswer, ToggleArgs>({
      query: (args) => toggleRequest('bookmark', args),
      onQueryStarted: (args, lifecycle) => optimisticToggle('bookmark', args, lifecycle),
      // The bookmarks screen lists what is bookmarked; it must not show a stale set.
      invalidatesTags: ['Bookmark'],
    }),
    repostPost: build.mutation<ReactionAnswer, ToggleArgs>({
      query: (args) => toggleRequest('repost', args),
      onQueryStarted: (args, lifecycle) => optimisticToggle('repost', args, lifecycle),
    }),

    votePoll: build.mutation<Post, { id: string; option: number }>({
      query: ({ id, option }) => ({
        url: `/api/posts/${encodeURIComponent(id)}/poll/vote`,
        method: 'POST',
        body: { option },
      }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchPostEverywhere(dispatch, getState() as RootState, id, { post: (post) => void (post.poll = data.poll) });
        } catch (error) {
          dispatch(toastShown(failureText('posts.toast.voteFailed', error), 'error'));
        }
      },
    }),

    editPost: build.mutation<Post, { id: string; content: string }>({
      query: ({ id, content }) => ({
        url: `/api/posts/${encodeURIComponent(id)}/edit`,
        method: 'PATCH',
        body: { content },
      }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchPostEverywhere(dispatch, getState() as RootState, id, {
            post: (post) =>
              void Object.assign(post, {
                content: data.content,
                editedAt: data.editedAt,
                hashtags: data.hashtags,
                mentions: data.mentions,
              }),
            quote: (quote) => void (quote.deleted ? undefined : (quote.content = data.content)),
          });
          dispatch(toastShown(i18n.t('posts.toast.edited'), 'success'));
        } catch (error) {
          dispatch(toastShown(failureText('posts.toast.editFailed', error), 'error'));
        }
      },
    }),

    deletePost: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `/api/posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
          const deleted: QuotedPost = { id, deleted: true, content: i18n.t('posts.quoteDeleted') };
          patchPostEverywhere(dispatch, getState() as RootState, id, { remove: true, quote: () => deleted });
          dispatch(toastShown(i18n.t('posts.toast.deleted'), 'success'));
        } catch (error) {
          dispatch(toastShown(failureText('posts.toast.deleteFailed', error), 'error'));
        }
      },
      // Profile post counts change.
      invalidatesTags: ['Profile'],
    }),

    pinPost: build.mutation<PinAnswer, string>({
      query: (id) => ({ url: `/api/posts/${encodeURIComponent(id)}/pin`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchPostEverywhere(dispatch, getState() as RootState, id, {
            post: (post) => void (post.isPinned = data.isPinned),
          });
          dispatch(toastShown(i18n.t(data.isPinned ? 'posts.toast.pinned' : 'posts.toast.unpinned'), 'success'));
        } catch (error) {
          dispatch(toastShown(failureText('posts.toast.pinFailed', error), 'error'));
        }
      },
      // The pinned post leads the profile's Posts tab.
      invalidatesTags: ['ProfileTab'],
    }),

    // One report call for every target a member may report (issue 19): the path and the toasts follow the type.
    report: build.mutation<ReportAnswer, { target: ReportTarget; reason: string }>({
      query: ({ target, reason }) => ({
        url: `/api/${REPORT_PATHS[target.type]}/${encodeURIComponent(target.id)}/report`,
        method: 'POST',
        body: { reason },
      }),
      async onQueryStarted({ target }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(toastShown(i18n.t(`posts.report.${target.type}.done`), 'success'));
        } catch (error) {
          dispatch(toastShown(failureText(`posts.report.${target.type}.failed`, error), 'error'));
        }
      },
    }),
  }),
});

export const {
  useGetPostQuery,
  useLikePostMutation,
  useBookmarkPostMutation,
  useRepostPostMutation,
  useVotePollMutation,
  useEditPostMutation,
  useDeletePostMutation,
  usePinPostMutation,
  useReportMutation,
} = postsApi;
