import '../profile.css';

import { useParams } from 'react-router-dom';

import { isRecord } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { PROFILE_STALE_SECONDS, useGetProfileQuery } from '@/resources/profiles';
import { ScreenLoading } from '@/ui/ScreenLoading';

import { BlockedProfile } from '../components/BlockedProfile';
import { EditProfileModal } from '../components/EditProfileModal';
import { FollowListDialog } from '../components/FollowListDialog';
import { MemberActions } from '../components/MemberActions';
import { OwnerActions } from '../components/OwnerActions';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfileNotFound } from '../components/ProfileNotFound';
import { ProfileTabs } from '../components/ProfileTabs';
import { useProfileParams } from '../hooks/useProfileParams';

/** /profile/:username — header, sticky tabs, the follow lists and the owner's Edit Profile. */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const params = useProfileParams();
  const query = useGetProfileQuery(username, {
    refetchOnMountOrArgChange: PROFILE_STALE_SECONDS,
    skip: username === '',
  });
  // currentData: while another member's profile loads, the previous one must not show under the new URL.
  const profile = query.currentData;

  if (!profile && (query.isFetching || query.isUninitialized)) return <ScreenLoading />;
  if (query.isError && isRecord(query.error) && query.error.status === 404)
    return <ProfileNotFound username={username} />;
  if (!profile) {
    return (
      <section className="page page--center">
        <p role="alert">{t('profile.loadFailed')}</p>
        <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
          {t('errors.tryAgain')}
        </button>
      </section>
    );
  }
  if (profile.isReduced || profile.relationship?.isBlocked || profile.relationship?.hasBlockedMe) {
    return (
      <div className="profile">
        <BlockedProfile profile={profile} />
      </div>
    );
  }

  const isOwner = profile.isOwner ?? false;
  const actions = isOwner ? (
    <OwnerActions username={profile.username} onEdit={params.openEdit} />
  ) : (
    <MemberActions profile={profile} />
  );
  return (
    <div className="profile">
      <ProfileHeader profile={profile} actions={actions} onOpenList={params.openList} />
      <ProfileTabs
        key={profile.id}
        username={profile.username}
        isOwner={isOwner}
        selected={params.tab}
        onSelect={params.selectTab}
      />
      {params.list ? (
        <FollowListDialog username={profile.username} list={params.list} onClose={params.closeDialogs} />
      ) : null}
      {params.editing && isOwner ? <EditProfileModal profile={profile} onClose={params.closeDialogs} /> : null}
    </div>
  );
}
