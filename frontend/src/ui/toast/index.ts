export { Toasts } from './Toasts';
export { useToast } from './useToast';
export { toastShown, toastDismissed, toastSlice, TOAST_MS, type Toast, type ToastTone } from './toastSlice';
