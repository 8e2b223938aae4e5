import './toast.css';

import { useEffect } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { type Toast, TOAST_MS, toastDismissed, useToastDispatch, useToastSelector } from './toastSlice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useToastDispatch();
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    <li className={`toast toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span className="toast__body">
        {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
        <span>{toast.message}</span>
      </span>
      <button
        type="button"
        className="toast__close"
        aria-label={t('app.dismiss')}
        onClick={() => dispatch(toastDismissed(toast.id))}
      >
        ×
      </button>
    </li>
  );
}

/** The one place toasts appear; mounted once by the app. */
export function Toasts() {
  const toasts = useToastSelector((state) => state.toasts);
  return (
    <ol className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
