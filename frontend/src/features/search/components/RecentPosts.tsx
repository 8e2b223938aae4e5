import { Link } from 'react-router-dom';

import { useGetFeedInfiniteQuery } from '@/features/feed';
import { PostCard } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';

import { CONTENT_TRUNCATE_LIMIT, RECENT_POSTS_SHOWN } from '../limits';
import { ResultSkeletons } from './ResultRows';

/** The page's general feed under the empty state: the newest public posts (§2 "loads ... a general feed"). */
export function RecentPosts() {
  const { t } = useTranslation();
  const query = useGetFeedInfiniteQuery('public');
  const posts = (query.data?.pages[0] ?? []).slice(0, RECENT_POSTS_SHOWN);
  if (query.isLoading) return <ResultSkeletons count={2} label={t('search.recent.loading')} />;
  // A failure is told by the page's toast (§8); nothing to list then.
  if (posts.length === 0) return null;
  return (
    <section className="search__recent" aria-labelledby="search-recent-title">
      <h2 id="search-recent-title" className="search__section-title">
        {t('search.recent.title')}
      </h2>
      <ul className="search-results__list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} limit={CONTENT_TRUNCATE_LIMIT} />
          </li>
        ))}
      </ul>
      <Link to="/home" className="button button--quiet search__see-more">
        {t('search.recent.more')}
      </Link>
    </section>
  );
}
