import { useTranslation } from '@/i18n/useTranslation';
import { useLoadMore } from '@/ui/useLoadMore';

import { useGetQaFeedInfiniteQuery } from '../api';
import { QaEntry } from './QaEntry';
import { ResultSkeletons } from './ResultRows';

/** The Q&A Community Feed tab: shared answers newest first, more through nextCursor. */
export function QaFeed() {
  const { t } = useTranslation();
  const query = useGetQaFeedInfiniteQuery();
  const { data, isLoading, isError, refetch, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } = query;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useLoadMore<HTMLDivElement>(() => void fetchNextPage(), canLoadMore, data?.pages.length);
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  if (isLoading) return <ResultSkeletons count={3} label={t('search.qa.loading')} />;
  if (isError && !data) {
    return (
      <div className="search__state" role="alert">
        <h2>{t('search.feedError.title')}</h2>
        <p className="muted">{t('search.feedError.body')}</p>
        <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
          {t('search.tryAgain')}
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="search__state">
        <h2>{t('search.qa.emptyTitle')}</h2>
        <p className="muted">{t('search.qa.emptyBody')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="qa-feed" aria-label={t('search.tabs.qa')}>
        {items.map((entry) => (
          <li key={entry.id}>
            <QaEntry entry={entry} />
          </li>
        ))}
      </ul>
      {isFetchingNextPage ? <ResultSkeletons count={2} label={t('search.qa.loadingMore')} /> : null}
      {canLoadMore ? (
        <div ref={sentinel} className="search__more-row">
          <button type="button" className="button button--quiet" onClick={() => void fetchNextPage()}>
            {t('search.qa.loadMore')}
          </button>
        </div>
      ) : null}
      {!hasNextPage ? <p className="search__end muted">{t('search.qa.end')}</p> : null}
    </>
  );
}
