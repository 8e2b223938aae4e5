import type { PushDevicesView, PushKeyView, PushSettingsView, PushSubscriptionBody } from '@contract';

import { api } from '@/app/api';

/** Web Push: the server's key, this member's devices and their categories (backend/modules/push). */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query<PushKeyView, void>({ query: () => '/api/push/key' }),
    pushDevices: build.query<PushDevicesView, void>({
      query: () => '/api/push/subscriptions',
      keepUnusedDataFor: 0,
    }),
    pushSettings: build.query<{ settings: PushSettingsView }, void>({ query: () => '/api/push/settings' }),
    subscribePush: build.mutation<{ subscribed: true }, PushSubscriptionBody>({
      query: (body) => ({ url: '/api/push/subscriptions', method: 'POST', body }),
    }),
    unsubscribePush: build.mutation<{ success: true }, { endpoint: string }>({
      query: (body) => ({ url: '/api/push/subscriptions', method: 'DELETE', body }),
    }),
    changePushSettings: build.mutation<{ settings: PushSettingsView }, Partial<PushSettingsView>>({
      query: (body) => ({ url: '/api/push/settings', method: 'PUT', body }),
      // The switch moves at once; the server's answer (or the old value on failure) settles it.
      async onQueryStarted(changes, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          pushApi.util.updateQueryData('pushSettings', undefined, (draft) => {
            Object.assign(draft.settings, changes);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            pushApi.util.updateQueryData('pushSettings', undefined, (draft) => void (draft.settings = data.settings)),
          );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useLazyPushKeyQuery,
  usePushDevicesQuery,
  usePushSettingsQuery,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
  useChangePushSettingsMutation,
} = pushApi;
