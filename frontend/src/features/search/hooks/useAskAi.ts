import { useCallback } from 'react';

import type { ApiError } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useAskAiMutation } from '../api';

/** The AI scholar call with the §8 failure toast; a 429 says when to ask again (Retry-After). */
export function useAskAi() {
  const { t } = useTranslation();
  const toast = useToast();
  const [askMutation, state] = useAskAiMutation();

  const ask = useCallback(
    async (question: string) => {
      try {
        await askMutation({ question }).unwrap();
      } catch (error) {
        const failure = error as ApiError | undefined;
        if (failure?.status === 429) {
          const seconds = failure.retryAfterSeconds;
          toast(
            seconds && seconds > 0 ? t('search.ai.rateLimited', { count: seconds }) : t('search.ai.rateLimitedSoon'),
            'error',
            t('search.ai.errorTitle'),
          );
        } else {
          toast(t('search.ai.failed'), 'error', t('search.ai.errorTitle'));
        }
      }
    },
    [askMutation, toast, t],
  );

  return { ask, state, reset: state.reset };
}
