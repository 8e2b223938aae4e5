import { useCallback } from 'react';

import { toastShown, type ToastTone, useToastDispatch } from './toastSlice';

/** `const toast = useToast(); toast(t('posts.copied'), 'success')`. */
export function useToast(): (message: string, tone?: ToastTone) => void {
  const dispatch = useToastDispatch();
  return useCallback((message: string, tone: ToastTone = 'info') => dispatch(toastShown(message, tone)), [dispatch]);
}
