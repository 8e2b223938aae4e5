import { useCallback, useEffect, useRef, useState } from 'react';

import { createOutcome, useCreatePostMutation } from '../api';
import { buildPostForm, type ComposeDraft } from '../draft/draft';
import { POSTING_PROGRESS } from '../limits';
import { usePostingProgress } from './usePostingProgress';

/**
 * Sends a checked draft (the toasts come from the mutation). On success the progress shows 100 %
 * for 800 ms before `onDone` with the new post's id (null when the server kept no post to open);
 * on failure the draft stays for another try.
 */
export function useSubmitPost(onDone: (postId: string | null) => void) {
  const [createPost, { isLoading: posting }] = useCreatePostMutation();
  const progress = usePostingProgress();
  const [settling, setSettling] = useState(false);
  const mounted = useRef(true);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(
    async (draft: ComposeDraft) => {
      progress.start();
      const result = await createPost({ form: buildPostForm(draft), quotedPostId: draft.quotedPostId });
      if (!mounted.current) return;
      if (createOutcome(result).kind === 'failed') {
        progress.reset();
        return;
      }
      progress.finish();
      setSettling(true);
      await new Promise((resolve) => setTimeout(resolve, POSTING_PROGRESS.settleMs));
      if (mounted.current) done.current(result.data?.id ?? null);
    },
    [createPost, progress],
  );

  return { submit, busy: posting || settling, percent: progress.percent };
}
