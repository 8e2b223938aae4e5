import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { ConfirmDialog } from '@/ui/dialog';

import { useGetCommunityMembersInfiniteQuery } from '../api/membersApi';
import type { CommunityAccess } from '../hooks/useCommunityAccess';
import { useMemberActions } from '../hooks/useMemberActions';
import type { CommunityView } from '../types';
import { BansSection } from './BansSection';
import { ListLoadState } from './ListLoadState';
import { memberActions, MemberRow } from './MemberRow';
import { PrivateGate } from './PrivateGate';
import { ReasonDialog } from './ReasonDialog';

/** The Members tab: owner, moderators, then members by join time, with the viewer's actions on them. */
export function MembersTab({ community, access }: { community: CommunityView; access: CommunityAccess }) {
  if (!access.canRead) return <PrivateGate textKey="communities.members.private" />;
  return <Members community={community} access={access} />;
}

function Members({ community, access }: { community: CommunityView; access: CommunityAccess }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const list = useGetCommunityMembersInfiniteQuery({ slug: community.slug });
  const actions = useMemberActions(community.slug);
  const members = list.data?.pages.flatMap((page) => page.members) ?? [];
  const viewer = { userId: user?.id, isOwner: access.isOwner, isModerator: access.isModerator };
  const asking = actions.asking;
  const askedName = asking ? actions.nameOf(asking.member) : '';

  return (
    <section className="community-members" aria-labelledby="community-members-title">
      <h2 id="community-members-title">{t('communities.members.title')}</h2>
      {list.isLoading || (list.isError && members.length === 0) ? (
        <ListLoadState
          loading={list.isLoading}
          failed
          rows={4}
          loadingLabel={t('communities.members.loading')}
          errorText={t('communities.members.error')}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <ul className="community-members__list">
          {members.map((member) => (
            <MemberRow
              key={member.user.id}
              member={member}
              actions={memberActions(member, viewer)}
              onAction={actions.start}
            />
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
            {list.isFetchingNextPage ? t('communities.loadingMore') : t('communities.loadMore')}
          </button>
        </div>
      ) : null}
      {access.isModerator ? <BansSection slug={community.slug} /> : null}
      {asking?.action === 'handOver' ? (
        <ConfirmDialog
          title={t('communities.members.handOverTitle', { name: askedName })}
          body={t('communities.members.handOverBody', { community: community.name })}
          confirmLabel={t('communities.members.handOverConfirm')}
          cancelLabel={t('communities.cancel')}
          busy={actions.busy}
          onCancel={actions.cancel}
          onConfirm={() => void actions.confirm()}
        />
      ) : asking ? (
        <ReasonDialog
          title={t(asking.action === 'ban' ? 'communities.reason.banTitle' : 'communities.reason.muteTitle', {
            name: askedName,
          })}
          body={t(asking.action === 'ban' ? 'communities.reason.banBody' : 'communities.reason.muteBody')}
          confirmLabel={t(asking.action === 'ban' ? 'communities.members.ban' : 'communities.members.mute')}
          busy={actions.busy}
          onCancel={actions.cancel}
          onConfirm={(reason) => void actions.confirm(reason)}
        />
      ) : null}
    </section>
  );
}
