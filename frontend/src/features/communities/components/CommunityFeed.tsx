import { PostCard } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';
import { useLoadMore } from '@/ui/useLoadMore';

import { useGetCommunityPostsInfiniteQuery } from '../api/communityPostsApi';
import type { CommunityAccess } from '../hooks/useCommunityAccess';
import type { CommunityView } from '../types';
import { ListLoadState } from './ListLoadState';
import { ModeratorPostActions } from './ModeratorPostActions';
import { PrivateGate } from './PrivateGate';

/**
 * The Feed tab: pinned announcements on top, then the posts, newest first, a page more as the end
 * comes into view. A private community's posts are for its members: an outsider is told so, and the
 * posts are not even asked for (the server would refuse them).
 */
export function CommunityFeed({ community, access }: { community: CommunityView; access: CommunityAccess }) {
  if (!access.canRead) return <PrivateGate textKey="communities.feed.private" />;
  return <Feed community={community} access={access} />;
}

function Feed({ community, access }: { community: CommunityView; access: CommunityAccess }) {
  const { t } = useTranslation();
  const posts = useGetCommunityPostsInfiniteQuery(community.slug);
  const pages = posts.data?.pages ?? [];
  const pinned = pages[0]?.pinned ?? [];
  const pinnedIds = new Set(pinned.map((post) => post.id));
  // A pinned announcement may also be in the feed: it shows once, on top.
  const feed = pages.flatMap((page) => page.posts).filter((post) => !pinnedIds.has(post.id));
  const canLoadMore = posts.hasNextPage && !posts.isFetchingNextPage && !posts.isFetchNextPageError;
  const sentinel = useLoadMore<HTMLDivElement>(() => void posts.fetchNextPage(), canLoadMore, pages.length);

  if (posts.isLoading || (posts.isError && pages.length === 0))
    return (
      <ListLoadState
        loading={posts.isLoading}
        failed
        rows={3}
        loadingLabel={t('communities.feed.loading')}
        errorText={t('communities.feed.error')}
        onRetry={() => void posts.refetch()}
      />
    );
  if (pinned.length === 0 && feed.length === 0)
    return (
      <div className="community-state">
        <p className="community-state__title">{t('communities.feed.empty')}</p>
        {access.canPost ? <p className="muted">{t('communities.feed.emptyBody')}</p> : null}
      </div>
    );

  const card = (post: (typeof feed)[number], isPinned: boolean) => (
    <div key={post.id} className="community-post">
      <PostCard post={post} />
      {access.isModerator ? <ModeratorPostActions slug={community.slug} postId={post.id} pinned={isPinned} /> : null}
    </div>
  );

  return (
    <div className="community-feed">
      {pinned.length > 0 ? (
        <section className="community-feed__pinned" aria-labelledby="community-pinned">
          <h2 id="community-pinned" className="community-feed__heading">
            {t('communities.feed.pinned')}
          </h2>
          {pinned.map((post) => card(post, true))}
        </section>
      ) : null}
      <div role="feed" aria-label={t('communities.feed.label')} aria-busy={posts.isFetchingNextPage}>
        {feed.map((post) => card(post, false))}
      </div>
      {posts.hasNextPage ? (
        <div ref={sentinel} className="community-more">
          <button
            type="button"
            className="button button--quiet"
            disabled={posts.isFetchingNextPage}
            onClick={() => void posts.fetchNextPage()}
          >
            {posts.isFetchingNextPage ? t('communities.loadingMore') : t('communities.loadMore')}
          </button>
        </div>
      ) : feed.length > 0 ? (
        <p className="feed-end muted">{t('communities.feed.end')}</p>
      ) : null}
    </div>
  );
}
