import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';

import { toastSlice } from '../ui/toast/toastSlice';
import { api } from './api';
import { listenForMemberChanges, memberSlice, resetOnMemberChange } from './memberScope';
import {
  AUTH_TOKEN_KEY,
  GUEST_MODE_KEY,
  guestModeEntered,
  localSessionCleared,
  sessionSlice,
  USER_STORAGE_KEY,
} from './sessionSlice';

function storage(action: (s: Storage) => void): void {
  try {
    action(window.localStorage);
  } catch {
    /* storage unavailable */
  }
}

/** Builds the one typed store (a fresh one per test). */
export function makeStore() {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: guestModeEntered,
    effect: () => storage((s) => s.setItem(GUEST_MODE_KEY, 'true')),
  });
  listener.startListening({
    actionCreator: localSessionCleared,
    effect: () =>
      storage((s) => {
        s.removeItem(USER_STORAGE_KEY);
        s.removeItem(GUEST_MODE_KEY);
        s.removeItem(AUTH_TOKEN_KEY);
      }),
  });
  listenForMemberChanges(listener);
  const rootReducer = combineReducers({
    [api.reducerPath]: api.reducer,
    [sessionSlice.name]: sessionSlice.reducer,
    [toastSlice.name]: toastSlice.reducer,
    [memberSlice.name]: memberSlice.reducer,
  });
  const store = configureStore({
    reducer: resetOnMemberChange(rootReducer),
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
