import { useTranslation } from '@/i18n/useTranslation';
import { useUnblockMemberMutation } from '@/resources/relationships';

import type { Profile } from '../types';
import { ProfileHeader } from './ProfileHeader';

/** Blocked either way: the reduced profile says why; the one who blocked can undo it. */
export function BlockedProfile({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [unblock, { isLoading }] = useUnblockMemberMutation();
  const iBlocked = profile.relationship?.isBlocked ?? false;
  const actions = iBlocked ? (
    <button
      type="button"
      className="button button--quiet"
      disabled={isLoading}
      onClick={() => void unblock({ userId: profile.id, username: profile.username })}
    >
      {t('profile.actions.unblock')}
    </button>
  ) : null;
  return (
    <>
      <ProfileHeader profile={profile} actions={actions} reduced />
      <div className="profile-blocked" role="status">
        <p className="profile-blocked__title">{iBlocked ? t('profile.blocked.byMe') : t('profile.blocked.byThem')}</p>
        <p className="muted">{iBlocked ? t('profile.blocked.byMeHelp') : t('profile.blocked.byThemHelp')}</p>
      </div>
    </>
  );
}
