import '../communities.css';

import { Link } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';
import { useToast } from '@/ui/toast';

import { useAnswerJoinRequestMutation, useGetJoinRequestsInfiniteQuery } from '../api/membersApi';
import { InviteForm } from '../components/InviteForm';
import { ListLoadState } from '../components/ListLoadState';
import { ModeratorsOnly } from '../components/ModeratorsOnly';
import type { CommunityJoinRequestView, CommunityView } from '../types';

/** /communities/:slug/requests — the moderators' queue of join requests, oldest first, and invitations. */
export default function JoinRequestsScreen() {
  return <ModeratorsOnly>{(community) => <Requests community={community} />}</ModeratorsOnly>;
}

function Requests({ community }: { community: CommunityView }) {
  const { t } = useTranslation();
  const list = useGetJoinRequestsInfiniteQuery(community.slug);
  const requests = list.data?.pages.flatMap((page) => page.requests) ?? [];

  return (
    <section className="page community-queue" aria-labelledby="community-requests-title">
      <Link to={`/communities/${encodeURIComponent(community.slug)}`} className="community__back">
        {t('communities.editor.backTo', { name: community.name })}
      </Link>
      <h1 id="community-requests-title">{t('communities.requests.title')}</h1>
      {list.isLoading || (list.isError && requests.length === 0) ? (
        <ListLoadState
          loading={list.isLoading}
          failed
          rows={3}
          loadingLabel={t('communities.requests.loading')}
          errorText={t('communities.requests.error')}
          onRetry={() => void list.refetch()}
        />
      ) : requests.length === 0 ? (
        <p className="community-state muted">{t('communities.requests.empty')}</p>
      ) : (
        <ul className="community-members__list">
          {requests.map((request) => (
            <RequestRow key={request.user.id} slug={community.slug} request={request} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="community-more">
          <button
            type="button"
            className="button button--quiet"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('communities.loadMore')}
          </button>
        </div>
      ) : null}
      <InviteForm slug={community.slug} />
    </section>
  );
}

function RequestRow({ slug, request }: { slug: string; request: CommunityJoinRequestView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const relativeTime = useRelativeTime();
  const [answer, state] = useAnswerJoinRequestMutation();
  const name = request.user.displayName || request.user.username;

  const decide = async (decision: 'approve' | 'decline') => {
    const result = await answer({ slug, userId: request.user.id, decision });
    if ('error' in result) toast(serverMessage(result.error) ?? t('communities.failed'), 'error');
    else
      toast(
        t(decision === 'approve' ? 'communities.requests.approved' : 'communities.requests.declined', { name }),
        'success',
      );
  };

  return (
    <li className="community-member" aria-label={name}>
      <Avatar src={request.user.avatarUrl ?? request.user.profileImage} name={name} size={40} />
      <div className="community-member__who">
        <Link
          to={`/profile/${encodeURIComponent(request.user.username)}`}
          className="community-member__name"
          dir="auto"
        >
          {name}
        </Link>
        <span className="muted">
          <time dateTime={request.requestedAt}>
            {t('communities.requests.askedAt', { time: relativeTime(request.requestedAt) })}
          </time>
        </span>
      </div>
      <div className="community-member__decide">
        <button
          type="button"
          className="button button--small"
          disabled={state.isLoading}
          onClick={() => void decide('approve')}
        >
          {t('communities.requests.approve')}
        </button>
        <button
          type="button"
          className="button button--quiet button--small"
          disabled={state.isLoading}
          onClick={() => void decide('decline')}
        >
          {t('communities.requests.decline')}
        </button>
      </div>
    </li>
  );
}
