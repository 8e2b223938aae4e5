import { api } from '@/app/api';
import { serverMessage } from '@/app/baseQuery';
import { i18n } from '@/i18n';
import { toastShown } from '@/ui/toast';

import type { Post } from '../posts';

/** What POST /api/posts answers: the new post, flagged when it was accepted with limited features. */
export type CreatePostAnswer = Post & { limited?: boolean; message?: string };

export interface CreatePostRequest {
  form: FormData;
  /** The quoted post's counters change with a quote. */
  quotedPostId: string | null;
}

export type CreateOutcome = { kind: 'created'; limited: boolean } | { kind: 'failed'; reason: string | null };

/**
 * §8: an error text about verifying or the email counts as the limited-success case. A file name
 * such as "email-scan.png" in a refusal is not about the member's email.
 */
export function mentionsVerification(text: string | null | undefined): boolean {
  return !!text && (/verif/i.test(text) || /\be-?mail\b(?![\w-]*\.\w{2,4}\b)/i.test(text));
}

/** How a finished create call reads to the member (§4 limited success, §8 post failure). */
export function createOutcome(result: { data?: CreatePostAnswer | undefined; error?: unknown }): CreateOutcome {
  if (result.data) return { kind: 'created', limited: result.data.limited === true };
  const reason = serverMessage(result.error) ?? null;
  return mentionsVerification(reason) ? { kind: 'created', limited: true } : { kind: 'failed', reason };
}

export function outcomeToast(outcome: CreateOutcome): { message: string; tone: 'success' | 'info' | 'error' } {
  if (outcome.kind === 'created') {
    return outcome.limited
      ? { message: i18n.t('compose.toast.limited'), tone: 'info' }
      : { message: i18n.t('compose.toast.created'), tone: 'success' };
  }
  const title = i18n.t('compose.toast.failed');
  return { message: outcome.reason ? `${title}: ${outcome.reason}` : title, tone: 'error' };
}

export const composeApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPost: build.mutation<CreatePostAnswer, CreatePostRequest>({
      query: ({ form }) => ({ url: '/api/posts', method: 'POST', body: form }),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        let outcome: CreateOutcome;
        try {
          outcome = createOutcome(await queryFulfilled);
        } catch (rejection) {
          outcome = createOutcome({ error: (rejection as { error?: unknown }).error });
        }
        const toast = outcomeToast(outcome);
        dispatch(toastShown(toast.message, toast.tone));
      },
      invalidatesTags: (answer, error, { quotedPostId }) => {
        if (createOutcome({ data: answer, error }).kind === 'failed') return [];
        const tags: Array<'Feed' | 'ProfileTab' | { type: 'Profile' | 'Post' | 'CommunityPosts'; id: string }> = [
          'Feed',
          'ProfileTab',
        ];
        if (answer?.user?.username) tags.push({ type: 'Profile', id: answer.user.username.toLowerCase() });
        if (quotedPostId) tags.push({ type: 'Post', id: quotedPostId });
        if (answer?.community) tags.push({ type: 'CommunityPosts', id: answer.community.slug });
        return tags;
      },
    }),
  }),
});

export const { useCreatePostMutation } = composeApi;
