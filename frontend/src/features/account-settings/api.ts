import { api } from '@/app/api';

/** POST /api/resend-verification (spec part 2 §7): another verification email to the signed-in member. */
export const accountSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendVerification: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/api/resend-verification', method: 'POST' }),
    }),
  }),
});

export const { useResendVerificationMutation } = accountSettingsApi;
