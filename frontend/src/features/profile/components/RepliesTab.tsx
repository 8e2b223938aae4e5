import { useTranslation } from '@/i18n/useTranslation';
import { ScreenLoading } from '@/ui/ScreenLoading';

import { TAB_STALE_SECONDS, useGetProfileRepliesInfiniteQuery } from '../tabsApi';
import { EmptyTab } from './EmptyTab';
import { LoadMore } from './LoadMore';
import { ReplyItem } from './ReplyItem';
import { TabMessage } from './TabMessage';

export function RepliesTab({ username, isOwner }: { username: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const query = useGetProfileRepliesInfiniteQuery(username, { refetchOnMountOrArgChange: TAB_STALE_SECONDS });
  const replies = query.data?.pages.flat() ?? [];

  if (query.isLoading) return <ScreenLoading />;
  if (query.isError && replies.length === 0) {
    return <TabMessage title={t('profile.tabError')} onRetry={() => void query.refetch()} />;
  }
  if (replies.length === 0) return <EmptyTab tab="replies" username={username} isOwner={isOwner} />;
  return (
    <div className="profile-list">
      {replies.map((reply) => (
        <ReplyItem key={reply.id} reply={reply} />
      ))}
      {query.hasNextPage ? (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      ) : null}
    </div>
  );
}
