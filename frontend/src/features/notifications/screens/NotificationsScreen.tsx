import '../notifications.css';

import { useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { currentPages } from '@/app/currentPages';
import { useTranslation } from '@/i18n/useTranslation';
import { useLoadMore } from '@/ui/useLoadMore';

import {
  useDeleteNotificationMutation,
  useGetNotificationsInfiniteQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../api';
import { NotificationItem } from '../components/NotificationItem';
import { NotificationsSkeleton } from '../components/NotificationsSkeleton';
import { NotificationTabs, PANEL_ID, tabId } from '../components/NotificationTabs';
import { destinationOf } from '../destination';
import { groupByDay, groupLabel } from '../grouping';
import { type AppNotification, NOTIFICATION_TABS, type NotificationTab } from '../types';
import { useUnreadCount } from '../useUnreadCount';

function parseTab(value: string | null): NotificationTab {
  return NOTIFICATION_TABS.includes(value as NotificationTab) ? (value as NotificationTab) : 'all';
}

/** A notification that moved between pages while paging (a refetch in between) is shown once. */
function uniqueById(items: AppNotification[]): AppNotification[] {
  const seen = new Set<string>();
  return items.filter((n) => {
    if (seen.has(n.id)) return false;
    seen.add(n.id);
    return true;
  });
}

/** Spec part 2 §2 Notifications: tabs, day groups, tap to read and open, mark all read, delete. */
export default function NotificationsScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const heading = useRef<HTMLHeadingElement>(null);

  const query = useGetNotificationsInfiniteQuery(tab);
  const { isError, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = query;
  const { pages, isLoading } = currentPages(query);
  const unreadCount = useUnreadCount();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markAll] = useMarkAllNotificationsReadMutation();
  const [deleteNotification] = useDeleteNotificationMutation();

  const notifications = useMemo(() => uniqueById(pages.flatMap((page) => page.notifications)), [pages]);
  const now = new Date();
  const groups = groupByDay(notifications, now);
  const hasUnread = unreadCount > 0 || notifications.some((n) => !n.isRead);

  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useLoadMore<HTMLDivElement>(() => void fetchNextPage(), canLoadMore, pages.length);

  function selectTab(next: NotificationTab) {
    setParams(next === 'all' ? {} : { tab: next }, { replace: true });
  }

  function open(n: AppNotification) {
    if (!n.isRead) void markRead(n.id);
    const to = destinationOf(n);
    if (to) void navigate(to);
  }

  function remove(n: AppNotification, row: HTMLElement | null) {
    // Focus would fall to <body> with the row gone: move it to the neighbouring row, else the heading.
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLButtonElement>(
      'button',
    );
    (neighbour ?? heading.current)?.focus();
    void deleteNotification(n.id);
  }

  let body;
  if (isLoading) {
    body = <NotificationsSkeleton />;
  } else if (isError && notifications.length === 0) {
    body = (
      <div className="notifications__state" role="alert">
        <p>{t('notifications.error')}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  } else if (notifications.length === 0) {
    body = (
      <div className="notifications__state">
        <p className="notifications__empty-title">{t(`notifications.empty.${tab}`)}</p>
        <p className="muted">{t(`notifications.emptyHint.${tab}`)}</p>
      </div>
    );
  } else {
    body = (
      <>
        {groups.map(({ key, group, items }) => (
          <section key={key} className="notifications__group" aria-labelledby={`notifications-group-${key}`}>
            <h2 id={`notifications-group-${key}`} className="notifications__group-title">
              {groupLabel(group, t, i18n.language, now)}
            </h2>
            <ul className="notifications__list">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={open} onDelete={remove} />
              ))}
            </ul>
          </section>
        ))}
        <div ref={sentinel} className="notifications__more">
          {isFetchingNextPage ? (
            <p className="muted" role="status">
              {t('notifications.loadingMore')}
            </p>
          ) : isFetchNextPageError ? (
            <div role="alert">
              <p>{t('notifications.loadMoreError')}</p>
              <button type="button" className="button button--quiet" onClick={() => void fetchNextPage()}>
                {t('errors.tryAgain')}
              </button>
            </div>
          ) : hasNextPage ? (
            <button type="button" className="button button--quiet" onClick={() => void fetchNextPage()}>
              {t('notifications.loadMore')}
            </button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <section className="page notifications" aria-labelledby="notifications-title">
      <div className="notifications__head">
        <h1 id="notifications-title" ref={heading} tabIndex={-1}>
          {t('screens.notifications')}
        </h1>
        <button
          type="button"
          className="button button--quiet"
          disabled={!hasUnread || markAll.isLoading}
          onClick={() => void markAllRead()}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      <NotificationTabs selected={tab} onSelect={selectTab} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} aria-busy={isLoading || isFetchingNextPage}>
        {body}
      </div>
    </section>
  );
}
