import { createSlice, type Dispatch, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: string;
  /** Already translated text. */
  message: string;
  tone: ToastTone;
  /** An optional heading above the message ('Error', 'Shared to Search!'), already translated. */
  title?: string;
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
      prepare(message: string, tone: ToastTone = 'info', title?: string) {
        return { payload: { id: nanoid(), message, tone, ...(title ? { title } : {}) } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;

/** The part of the store ui/ reads: the slice sits under its own name (app/store.ts mounts it so). */
export interface ToastsState {
  [toastSlice.name]: Toast[];
}

/** Typed on react-redux directly: ui/ is below app/ and never imports its store. */
export const useToastDispatch = useDispatch.withTypes<Dispatch<PayloadAction<unknown>>>();
export const useToastSelector = useSelector.withTypes<ToastsState>();
