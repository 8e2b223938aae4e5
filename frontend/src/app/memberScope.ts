import {
  createAction,
  createSlice,
  isRejectedWithValue,
  type ListenerMiddlewareInstance,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';

import { authApi } from '@/resources/session/api';
import type { User } from '@/resources/session/types';

import { api } from './api';
import type { ApiError } from './baseQuery';
import { resetCsrfCache } from './csrf';
import { forgetMemberData } from './memberForget';
import { AUTH_TOKEN_KEY, USER_STORAGE_KEY } from './sessionSlice';

/**
 * Who the app is working for, and the one place that forgets a member when that changes (sign-out,
 * signing in as someone else, a session that expired or ended elsewhere). The member is whoever
 * `/api/auth/me` last said; every way a session ends leads there (sign-out upserts it, a 401 or a
 * session_ended push asks it again), so one comparison decides, and one action resets:
 * `session/memberChanged` returns every slice of the store to its initial state (the root reducer
 * below), resets RTK Query (its middleware keeps subscriptions, timers and running requests of
 * its own), and runs the forgetters registered in memberForget.ts (socket, storage, module caches).
 */

export interface MemberState {
  /** The member's id, or null for a guest. */
  id: string | null;
  /** False until the first answer of /me: that one only tells us who we are, it changes nothing. */
  known: boolean;
  /** Bumped each time a member leaves; the screens are keyed by it (MemberScope) to drop their state. */
  scope: number;
}

export const memberIdentified = createAction<string | null>('session/memberIdentified');
export const memberChanged = createAction<{ from: string | null; to: User | null }>('session/memberChanged');

const initialState: MemberState = { id: null, known: false, scope: 0 };

export const memberSlice = createSlice({
  name: 'member',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(memberIdentified, (state, action) => {
        state.id = action.payload;
        state.known = true;
      })
      .addCase(memberChanged, (state, action) => {
        state.id = action.payload.to?.id ?? null;
        state.known = true;
        // A guest signing in leaves nothing private behind; the screens keep their flow (the sign-in form's redirect).
        if (action.payload.from !== null) state.scope += 1;
      });
  },
});

/** Wraps the root reducer: on `memberChanged` every slice but `member` starts again from its initial state. */
export function resetOnMemberChange<R extends (state: never, action: never) => { member: MemberState }>(reducer: R): R {
  type State = Parameters<R>[0];
  const reset = (state: State, action: Parameters<R>[1]) =>
    reducer(
      (memberChanged.match(action)
        ? { member: (state as { member?: MemberState } | undefined)?.member }
        : state) as State,
      action,
    );
  return reset as R;
}

/** Endpoints whose 401 says nothing about the session (a wrong password, the session question itself). */
const AUTH_ENDPOINTS = new Set(['getMe', 'login', 'register', 'logout', 'forgotPassword', 'resetPassword']);

/** A call of the api refused with 401 while we believed a member was signed in. */
function isSessionRefusal(action: UnknownAction): boolean {
  if (!isRejectedWithValue(action) || !action.type.startsWith(`${api.reducerPath}/`)) return false;
  const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName;
  if (!endpoint || AUTH_ENDPOINTS.has(endpoint)) return false;
  return (action.payload as ApiError | undefined)?.status === 401;
}

function removeStored(keys: readonly string[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing was kept there either */
  }
}

/** The listener's dispatch knows no state; RTK Query's thunks need the api slice's. */
type ApiDispatch = ThunkDispatch<{ [api.reducerPath]: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

const memberOf = (state: unknown): MemberState => (state as { member: MemberState }).member;

/** Registers the listeners that detect a member change and carry out the reset. */
export function listenForMemberChanges(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    matcher: authApi.endpoints.getMe.matchFulfilled,
    effect: (action, { dispatch, getState }) => {
      const to = action.payload;
      const { id, known } = memberOf(getState());
      if (!known) dispatch(memberIdentified(to?.id ?? null));
      else if (id !== (to?.id ?? null)) dispatch(memberChanged({ from: id, to }));
    },
  });

  // A 401 is a hint, not a verdict (a wrong current password answers one too): /me decides.
  listener.startListening({
    predicate: (action, state) => memberOf(state).id !== null && isSessionRefusal(action),
    // The app root always subscribes to /me (SessionBootstrap), so invalidating it asks again.
    effect: (_action, { dispatch }) => {
      dispatch(authApi.util.invalidateTags(['Me']));
    },
  });

  listener.startListening({
    actionCreator: memberChanged,
    effect: (action, { dispatch }) => {
      // The reducer already emptied the api slice; this lets RTK Query's middleware drop its
      // subscriptions, cache timers and running requests too (late answers for the old member land nowhere).
      dispatch(api.util.resetApiState());
      // Seeded, so the screens know who is here without asking again (and without a loading flash).
      void (dispatch as ApiDispatch)(authApi.util.upsertQueryData('getMe', undefined, action.payload.to));
      removeStored([USER_STORAGE_KEY, AUTH_TOKEN_KEY]);
      resetCsrfCache();
      forgetMemberData();
    },
  });
}
