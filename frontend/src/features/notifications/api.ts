import { api } from '@/app/api';
import type { AppDispatch, RootState } from '@/app/store';
import type { TranslationKey } from '@/i18n';
import { i18n } from '@/i18n';
import { toastShown } from '@/ui/toast';

import type { AppNotification, NotificationsPage, NotificationTab } from './types';

/** Page size asked of GET /api/notifications (the server's default; it caps at 100). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

type Patch = { undo: () => void };
type Pages = { pages: NotificationsPage[] };

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, one cache entry per tab; the next page starts after `nextCursor`. */
    getNotifications: build.infiniteQuery<NotificationsPage, NotificationTab, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: tab, pageParam }) => ({
        url: '/api/notifications',
        params: { tab, limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: ['Notification'],
    }),

    getUnreadCount: build.query<number, void>({
      query: () => '/api/notifications/unread-count',
      transformResponse: (body: { unreadCount?: number }) =>
        typeof body?.unreadCount === 'number' ? body.unreadCount : 0,
      providesTags: ['UnreadCount'],
    }),

    /** Marked read at once everywhere it is shown; undone if the server refuses. */
    markNotificationRead: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `/api/notifications/${encodeURIComponent(id)}/read`, method: 'PUT' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const wasUnread = findNotification(getState() as RootState, id)?.isRead === false;
        const patches = patchLists(dispatch as AppDispatch, getState() as RootState, (page) => {
          for (const n of page.notifications) if (n.id === id) n.isRead = true;
        });
        if (wasUnread) patches.push(adjustUnreadCount(dispatch as AppDispatch, (count) => count - 1));
        await undoOnFailure(dispatch as AppDispatch, patches, queryFulfilled, 'notifications.toast.markReadFailed');
      },
    }),

    markAllNotificationsRead: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/api/notifications/mark-all-read', method: 'PUT' }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const patches = patchLists(dispatch as AppDispatch, getState() as RootState, (page) => {
          for (const n of page.notifications) n.isRead = true;
          page.unreadCount = 0;
        });
        patches.push(adjustUnreadCount(dispatch as AppDispatch, () => 0));
        await undoOnFailure(dispatch as AppDispatch, patches, queryFulfilled, 'notifications.toast.markAllReadFailed');
      },
    }),

    /** Removed from every tab at once; put back if the server refuses. */
    deleteNotification: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `/api/notifications/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const wasUnread = findNotification(getState() as RootState, id)?.isRead === false;
        const patches = patchLists(dispatch as AppDispatch, getState() as RootState, (page) => {
          page.notifications = page.notifications.filter((n) => n.id !== id);
        });
        if (wasUnread) patches.push(adjustUnreadCount(dispatch as AppDispatch, (count) => count - 1));
        await undoOnFailure(dispatch as AppDispatch, patches, queryFulfilled, 'notifications.toast.deleteFailed');
      },
    }),
  }),
});

export const {
  useGetNotificationsInfiniteQuery,
  useGetUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useDeleteNotificationMutation,
} = notificationsApi;

/** The cached tab lists (All, Social, ...) currently held. */
function cachedTabs(state: RootState): NotificationTab[] {
  return api.util
    .selectInvalidatedBy(state, ['Notification'])
    .filter((entry) => entry.endpointName === 'getNotifications')
    .map((entry) => entry.originalArgs as NotificationTab);
}

function findNotification(state: RootState, id: string): AppNotification | undefined {
  for (const tab of cachedTabs(state)) {
    const data = notificationsApi.endpoints.getNotifications.select(tab)(state).data as Pages | undefined;
    for (const page of data?.pages ?? []) {
      const found = page.notifications.find((n) => n.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

function patchLists(dispatch: AppDispatch, state: RootState, recipe: (page: NotificationsPage) => void): Patch[] {
  return cachedTabs(state).map((tab) =>
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', tab, (draft) => {
        draft.pages.forEach(recipe);
      }),
    ),
  );
}

/** Changes the badge count in place (never below 0). */
export function adjustUnreadCount(dispatch: AppDispatch, change: (count: number) => number): Patch {
  return dispatch(
    notificationsApi.util.updateQueryData('getUnreadCount', undefined, (count) => Math.max(0, change(count))),
  );
}

async function undoOnFailure(
  dispatch: AppDispatch,
  patches: Patch[],
  queryFulfilled: Promise<unknown>,
  failureKey: TranslationKey,
): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    patches.forEach((patch) => patch.undo());
    dispatch(toastShown(i18n.t(failureKey), 'error'));
  }
}
