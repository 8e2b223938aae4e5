import '../bookmarks.css';

import { Link, useLocation, useNavigate } from 'react-router-dom';

import type { ApiError } from '@/app/baseQuery';
import { PostCard } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { useLoadMore } from '@/ui/useLoadMore';

import { useGetBookmarksInfiniteQuery } from '../api';
import { BookmarkSkeletons } from '../components/BookmarkSkeleton';

/** Initial and next-page skeleton counts, as on the home feed (§2). */
const FIRST_SKELETONS = 8;
const MORE_SKELETONS = 3;

function FailedState({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  const offline =
    (error as ApiError | undefined)?.status === 'FETCH_ERROR' ||
    (typeof navigator !== 'undefined' && navigator.onLine === false);
  return (
    <div className="bookmarks__state" role="alert">
      <h2>{offline ? t('bookmarks.offline') : t('bookmarks.failed')}</h2>
      <p className="muted">{offline ? t('bookmarks.offlineBody') : t('bookmarks.failedBody')}</p>
      <button type="button" className="button" onClick={onRetry} disabled={retrying}>
        {t('errors.tryAgain')}
      </button>
    </div>
  );
}

function GuestState() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="bookmarks__state">
      <h2>{t('bookmarks.guestTitle')}</h2>
      <p className="muted">{t('bookmarks.guestBody')}</p>
      <button
        type="button"
        className="button"
        onClick={() => navigate('/auth', { state: { from: location.pathname } })}
      >
        {t('bookmarks.signIn')}
      </button>
    </div>
  );
}

function BookmarkList() {
  const { t } = useTranslation();
  const {
    data,
    error,
    isLoading,
    isError,
    isFetching,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useGetBookmarksInfiniteQuery();
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useLoadMore<HTMLDivElement>(() => void fetchNextPage(), canLoadMore, data?.pages.length);

  if (isLoading) return <BookmarkSkeletons count={FIRST_SKELETONS} label={t('bookmarks.loading')} />;
  // A post un-bookmarked from its card leaves at once (the card patches every cached copy of it).
  const posts = (data?.pages.flat() ?? []).filter((post) => post.isBookmarked !== false);
  if (isError && !data) return <FailedState error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (posts.length === 0 && !hasNextPage) {
    return (
      <div className="bookmarks__state">
        <h2>{t('bookmarks.emptyTitle')}</h2>
        <p className="muted">{t('bookmarks.emptyBody')}</p>
        <Link to="/home" className="button button--quiet">
          {t('bookmarks.explore')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul className="bookmarks__list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {isFetchingNextPage ? <BookmarkSkeletons count={MORE_SKELETONS} label={t('bookmarks.loadingMore')} /> : null}
      {isFetchNextPageError ? (
        <FailedState error={error} onRetry={() => void fetchNextPage()} retrying={isFetchingNextPage} />
      ) : null}
      {canLoadMore ? (
        <div ref={sentinel} className="bookmarks__more">
          <button type="button" className="button button--quiet" onClick={() => void fetchNextPage()}>
            {t('bookmarks.loadMore')}
          </button>
        </div>
      ) : null}
      {!hasNextPage ? <p className="bookmarks__end">{t('bookmarks.end')}</p> : null}
    </>
  );
}

/** /bookmarks — the posts the member bookmarked, newest bookmark first. */
export default function BookmarksScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <section className="page bookmarks" aria-labelledby="bookmarks-title">
      <header className="bookmarks__head">
        <h1 id="bookmarks-title">{t('bookmarks.title')}</h1>
        <p className="muted">{t('bookmarks.subtitle')}</p>
      </header>
      {user ? <BookmarkList /> : <GuestState />}
    </section>
  );
}
