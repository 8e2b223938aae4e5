import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: string;
  /** Already translated text. */
  message: string;
  tone: ToastTone;
}

/** How long a toast stays before it leaves by itself. */
export const TOAST_MS = 3500;
/** Older toasts give way when more than this many are shown. */
export const MAX_TOASTS = 3;

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
        if (state.length > MAX_TOASTS) state.splice(0, state.length - MAX_TOASTS);
      },
      prepare(message: string, tone: ToastTone = 'info') {
        return { payload: { id: nanoid(), message, tone } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
