import { useCallback } from 'react';

import { toastShown, type ToastTone, useToastDispatch } from './toastSlice';

/** `const toast = useToast(); toast(t('posts.copied'), 'success')`; a third argument adds a title. */
export function useToast(): (message: string, tone?: ToastTone, title?: string) => void {
  const dispatch = useToastDispatch();
  return useCallback(
    (message: string, tone: ToastTone = 'info', title?: string) => dispatch(toastShown(message, tone, title)),
    [dispatch],
  );
}
