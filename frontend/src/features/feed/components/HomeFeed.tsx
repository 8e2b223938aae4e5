import './feed.css';

import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { PostCard } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';
import { useSocketReconnect } from '@/resources/realtime';
import { useSession } from '@/resources/session';
import { useLoadMore } from '@/ui/useLoadMore';
import { useOnline } from '@/ui/useOnline';
import { useRenderInSteps } from '@/ui/useRenderInSteps';

import { FEED_FRESH_SECONDS, FEED_REFETCH_MS, useGetFeedInfiniteQuery } from '../api';
import { useNewPostsCount } from '../useNewPosts';
import { FeedFallback } from './FeedFallback';
import { FeedSkeleton, INITIAL_SKELETONS, MORE_SKELETONS } from './FeedSkeleton';
import { NewPostsBanner } from './NewPostsBanner';

function errorStatus(error: unknown): string {
  return error && typeof error === 'object' && 'status' in error ? String((error as { status: unknown }).status) : '';
}

function scrollToTop() {
  try {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  } catch {
    /* environments without scrolling */
  }
}

/**
 * §2 home feed: an infinite list of post cards (members get their feed, guests the public posts) with
 * skeletons, empty, end, offline and error states, and the live 'new posts' banner.
 */
export function HomeFeed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const { user, isLoading: sessionLoading } = useSession();
  const { count: newPosts, clear: clearNewPosts } = useNewPostsCount();
  const {
    data,
    error,
    isLoading,
    isError,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useGetFeedInfiniteQuery(sessionLoading ? skipToken : user ? 'home' : 'public', {
    refetchOnMountOrArgChange: FEED_FRESH_SECONDS,
    pollingInterval: FEED_REFETCH_MS,
    refetchOnFocus: true,
    refetchOnReconnect: true,
  });
  const pages = data?.pages ?? [];
  const posts = pages.flat();
  const shown = useRenderInSteps(posts.length);
  const allShown = shown === posts.length;

  // After a failed page the sentinel waits for Try again instead of hammering the server.
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);
  // The sentinel waits for the last card too (below cards still to come it would fire at once).
  const sentinel = useLoadMore<HTMLDivElement>(loadMore, canLoadMore && allShown, pages.length);

  // A skipped query (session still loading) has nothing to refetch.
  const refresh = () => {
    if (!sessionLoading) void refetch();
  };

  // Posts may have landed while the socket was down. Not at the first connect: the feed was just read,
  // and a page of posts more on every load costs more than a post written in those seconds, which
  // shows at the next refresh.
  useSocketReconnect(refresh);

  const showNewPosts = () => {
    clearNewPosts();
    scrollToTop();
    refresh();
  };

  // Until the session is known the feed cannot tell members (their feed) from guests (public posts).
  if (sessionLoading || isLoading) return <FeedSkeleton count={INITIAL_SKELETONS} label={t('feed.loading')} />;

  if (isError && posts.length === 0) {
    const status = errorStatus(error);
    return (
      <FeedFallback
        offline={!online || status === 'FETCH_ERROR'}
        detail={t('feed.errorDetail', { status })}
        onRetry={refresh}
      />
    );
  }

  if (posts.length === 0) {
    return (
      <div className="feed-state">
        <h2 className="feed-state__title">{t('feed.empty')}</h2>
        <p className="muted">{t('feed.emptyBody')}</p>
        <button type="button" className="button" onClick={() => navigate(user ? '/compose' : '/auth')}>
          {t('feed.createFirst')}
        </button>
      </div>
    );
  }

  return (
    <div className="feed">
      <NewPostsBanner count={newPosts} onShow={showNewPosts} />
      <div role="feed" aria-label={t('feed.label')} aria-busy={isFetchingNextPage}>
        {posts.slice(0, shown).map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
      {isFetchingNextPage ? <FeedSkeleton count={MORE_SKELETONS} label={t('feed.loadingMore')} /> : null}
      {isFetchNextPageError && !isFetchingNextPage ? (
        <FeedFallback
          offline={!online}
          detail={t('feed.errorDetail', { status: errorStatus(error) })}
          onRetry={() => void fetchNextPage()}
        />
      ) : null}
      {/* Neither the sentinel nor the end while cards are still coming in (ui/useRenderInSteps). */}
      {!allShown ? null : hasNextPage ? (
        <div ref={sentinel} className="feed__sentinel" aria-hidden="true" />
      ) : (
        <p className="feed-end muted">{t('feed.end')}</p>
      )}
    </div>
  );
}
