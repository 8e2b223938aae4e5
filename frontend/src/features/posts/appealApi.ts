import { api } from '@/app/api';
import type { AppDispatch, RootState } from '@/app/store';
import { patchPostEverywhere, type Post } from '@/resources/posts';

/** `POST /api/posts/:id/appeal` answers the post as its author now reads it. */
export interface AppealAnswer {
  success: boolean;
  message: string;
  post: Post;
}

/** The most an appeal may say (the server refuses more, after trimming). */
export const APPEAL_TEXT_MAX = 500;

/** The author's appeal of their hidden post: every cached copy of it then shows the appeal waiting. */
export const appealApi = api.injectEndpoints({
  endpoints: (build) => ({
    appealPost: build.mutation<AppealAnswer, { postId: string; text: string }>({
      query: ({ postId, text }) => ({
        url: `/api/posts/${encodeURIComponent(postId)}/appeal`,
        method: 'POST',
        body: text ? { text } : {},
      }),
      async onQueryStarted({ postId }, { dispatch, getState, queryFulfilled }) {
        let answer: AppealAnswer;
        try {
          ({ data: answer } = await queryFulfilled);
        } catch {
          return; // the dialog says why
        }
        patchPostEverywhere(dispatch as AppDispatch, getState() as RootState, postId, {
          post: (post) => {
            if (answer.post.moderation) post.moderation = answer.post.moderation;
          },
        });
      },
    }),
  }),
});

export const { useAppealPostMutation } = appealApi;
