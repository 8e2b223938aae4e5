import { currentPages } from '@/app/currentPages';
import { PostCard } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';
import { ScreenLoading } from '@/ui/ScreenLoading';

import { type PostTab, TAB_STALE_SECONDS, useGetProfilePostsInfiniteQuery } from '../tabsApi';
import { EmptyTab } from './EmptyTab';
import { LoadMore } from './LoadMore';
import { isLikesPrivate } from './tabErrors';
import { TabMessage } from './TabMessage';

/** Posts, Media and Likes: the member's posts as cards, 20 at a time. */
export function PostsTab({ username, tab, isOwner }: { username: string; tab: PostTab; isOwner: boolean }) {
  const { t } = useTranslation();
  // Likes are the owner's alone; nobody else's browser even asks.
  const privateLikes = tab === 'likes' && !isOwner;
  const query = useGetProfilePostsInfiniteQuery(
    { username, tab },
    { skip: privateLikes, refetchOnMountOrArgChange: TAB_STALE_SECONDS },
  );
  const { pages, isLoading } = currentPages(query);
  const posts = pages.flat();

  if (privateLikes || isLikesPrivate(query.error)) {
    return <TabMessage title={t('profile.likesPrivate')} body={t('profile.likesPrivateBody')} />;
  }
  if (isLoading) return <ScreenLoading />;
  if (query.isError && posts.length === 0) {
    return <TabMessage title={t('profile.tabError')} onRetry={() => void query.refetch()} />;
  }
  if (posts.length === 0) return <EmptyTab tab={tab} username={username} isOwner={isOwner} />;
  return (
    <div className="profile-list">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      {query.hasNextPage ? (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      ) : null}
    </div>
  );
}
