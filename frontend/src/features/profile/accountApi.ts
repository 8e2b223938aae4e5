import { api } from '@/app/api';
import { localSessionCleared } from '@/app/sessionSlice';
import { authApi } from '@/resources/session';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** "Download my data": the whole export as JSON. A mutation so the (large) answer is not kept in the cache. */
    exportAccount: build.mutation<unknown, void>({
      query: () => ({ url: '/api/account/export', method: 'GET' }),
    }),
    /** Deletes the account (the password confirms it); the server ends the session, the client forgets it. */
    deleteAccount: build.mutation<{ success: boolean }, { password: string }>({
      query: (body) => ({ url: '/api/account', method: 'DELETE', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // the dialog shows the failure
        }
        dispatch(localSessionCleared());
        void dispatch(authApi.util.upsertQueryData('getMe', undefined, null));
      },
    }),
  }),
});

export const { useExportAccountMutation, useDeleteAccountMutation } = accountApi;

/** The file name the server suggests in its Content-Disposition. */
export function exportFileName(username: string): string {
  return `deenconnect-${username}-export.json`;
}

/** Saves a value as a .json file through a temporary object URL. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
