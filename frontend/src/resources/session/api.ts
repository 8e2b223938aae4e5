import { api } from '@/app/api';
import type { ApiError } from '@/app/baseQuery';
import { signedOutForSure } from '@/app/csrf';
import { localSessionCleared } from '@/app/sessionSlice';

import type { LoginRequest, RegisterRequest, User } from './types';

/** §7: 'Failed to fetch user data' for any /me failure other than 401 (an i18n key here). */
export const FETCH_USER_ERROR_KEY = 'errors.fetchUser';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The current user, or null when not signed in (401). Never cached, never retried. */
    getMe: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        if (signedOutForSure()) return { data: null };
        const result = await baseQuery('/api/auth/me');
        if (result.error) {
          const error = result.error as ApiError;
          if (error.status === 401) return { data: null };
          return { error: { ...error, message: FETCH_USER_ERROR_KEY } };
        }
        const body = result.data as { user?: User } | undefined;
        return { data: body?.user ?? null };
      },
      extraOptions: { maxRetries: 0 },
      keepUnusedDataFor: 0,
      providesTags: ['Me'],
    }),
    login: build.mutation<{ user: User }, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(localSessionCleared());
        } catch {
          /* shown by the form */
        }
      },
    }),
    register: build.mutation<{ user: User }, RegisterRequest>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Me']),
    }),
    /**
     * Clears the local flags at once, then tells the server; the member is forgotten once it has
     * answered (the member change resets every cache and aborts running requests, this one too, which
     * would leave the server session alive). The user is refetched either way.
     */
    logout: build.mutation<void, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        dispatch(localSessionCleared());
        try {
          await queryFulfilled;
        } catch (error) {
          console.error('Logout request failed; local session cleared anyway', error);
        } finally {
          await dispatch(authApi.util.upsertQueryData('getMe', undefined, null));
          dispatch(authApi.util.invalidateTags(['Me']));
        }
      },
    }),
    forgotPassword: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, { token: string; newPassword: string }>({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetMeQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
