export { Toasts } from './Toasts';
export { type Toast, TOAST_MS, toastDismissed, toastShown, toastSlice, type ToastTone } from './toastSlice';
export { useToast } from './useToast';
