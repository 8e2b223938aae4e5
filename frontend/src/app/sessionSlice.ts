import { createSlice } from '@reduxjs/toolkit';

export const GUEST_MODE_KEY = 'isGuestMode';
export const USER_STORAGE_KEY = 'user';
export const AUTH_TOKEN_KEY = 'auth_token';

function readGuestMode(): boolean {
  try {
    return window.localStorage.getItem(GUEST_MODE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Local session flags; the signed-in user itself lives in the `getMe` query. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: () => ({ isGuestMode: readGuestMode() }),
  reducers: {
    guestModeEntered(state) {
      state.isGuestMode = true;
    },
    localSessionCleared(state) {
      state.isGuestMode = false;
    },
  },
});

export const { guestModeEntered, localSessionCleared } = sessionSlice.actions;
