import { useEffect, useRef } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

/** §8: 'Error loading search feed' / 'Please try again later' once each time a page feed fails to load. */
export function useFeedErrorToast(failed: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const told = useRef(false);
  useEffect(() => {
    if (failed && !told.current) toast(t('search.feedError.body'), 'error', t('search.feedError.title'));
    told.current = failed;
  }, [failed, toast, t]);
}
