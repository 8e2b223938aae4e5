import { Link } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { currentPages } from '@/app/currentPages';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { Avatar } from '@/ui/Avatar';
import { Dialog } from '@/ui/dialog';
import { VerifiedIcon } from '@/ui/icons';
import { ScreenLoading } from '@/ui/ScreenLoading';

import { useGetFollowListInfiniteQuery } from '../followListsApi';
import type { FollowList, FollowListItem } from '../types';
import { FollowButton } from './FollowButton';
import { LoadMore } from './LoadMore';
import { TabMessage } from './TabMessage';

// Opening a member's profile drops the list's query parameter, which closes this dialog.
function Row({ item, isMe }: { item: FollowListItem; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="follow-row">
      <Avatar src={item.avatarUrl} name={item.displayName} size={44} />
      <div className="follow-row__text">
        <Link to={`/profile/${item.username}`} className="follow-row__name">
          {item.displayName}
          {item.verified ? (
            <span className="profile-header__verified" role="img" aria-label={t('profile.verified')}>
              <VerifiedIcon />
            </span>
          ) : null}
        </Link>
        <span className="muted" dir="ltr">
          @{item.username}
          {item.isFollowingBack && !isMe ? <span className="follow-row__badge">{t('profile.followsYou')}</span> : null}
        </span>
        {item.bio ? <p className="follow-row__bio">{item.bio}</p> : null}
      </div>
      {isMe ? null : <FollowButton userId={item.id} username={item.username} relationship={item} compact />}
    </li>
  );
}

/** Followers or following of a member, each with its own follow button. */
export function FollowListDialog({
  username,
  list,
  onClose,
}: {
  username: string;
  list: FollowList;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useGetFollowListInfiniteQuery({ username, list }, { refetchOnMountOrArgChange: true });
  const { pages, isLoading } = currentPages(query);
  const users = pages.flatMap((page) => page.users);

  let body;
  if (isLoading) body = <ScreenLoading />;
  else if (query.isError && users.length === 0) {
    body = (
      <TabMessage
        title={serverMessage(query.error) ?? t('profile.lists.failed')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (users.length === 0) body = <TabMessage title={t(`profile.lists.empty.${list}`, { username })} />;
  else {
    body = (
      <>
        <ul className="follow-list">
          {users.map((item) => (
            <Row key={item.id} item={item} isMe={item.id === user?.id} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
        ) : null}
      </>
    );
  }
  return (
    <Dialog title={t(`nav.${list}`)} onClose={onClose} closeLabel={t('profile.close')} className="dialog--wide">
      {body}
    </Dialog>
  );
}
