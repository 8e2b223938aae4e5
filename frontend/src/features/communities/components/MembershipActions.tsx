import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { ConfirmDialog } from '@/ui/dialog';

import { useMembership } from '../hooks/useMembership';
import type { CommunityView } from '../types';

/**
 * The viewer's standing in a community as the button they need: Join (a public one, or an invitation),
 * Request to join (a private one), Requested with Withdraw, Leave (confirmed), or the banned note.
 * `compact` (a list card) offers only the ways in and names the rest.
 */
export function MembershipActions({ community, compact = false }: { community: CommunityView; compact?: boolean }) {
  const { t } = useTranslation();
  const membership = useMembership(community);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const standing = community.me?.standing ?? 'none';
  const role = community.me?.role ?? null;
  const small = compact ? ' button--small' : '';

  if (standing === 'banned')
    return compact ? null : (
      <p className="community-standing community-standing--banned" role="note">
        {t('communities.join.banned')}
      </p>
    );

  if (standing === 'requested')
    return (
      <div className="community-standing">
        <span className="community-badge">{t('communities.join.requested')}</span>
        {compact ? null : (
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={membership.busy}
            onClick={() => void membership.leave()}
          >
            {t('communities.join.withdraw')}
          </button>
        )}
      </div>
    );

  if (standing === 'member') {
    if (compact) return <span className="community-badge">{t('communities.join.joined')}</span>;
    // The owner hands ownership over first (Members tab); the server would refuse (409).
    if (role === 'owner') return <span className="community-badge">{t('communities.members.role.owner')}</span>;
    return (
      <>
        <button
          type="button"
          className="button button--quiet"
          disabled={membership.busy}
          onClick={() => setConfirmLeave(true)}
        >
          {t('communities.join.leave')}
        </button>
        {confirmLeave ? (
          <ConfirmDialog
            title={t('communities.join.leaveTitle', { name: community.name })}
            body={t('communities.join.leaveBody')}
            confirmLabel={t('communities.join.leave')}
            cancelLabel={t('communities.cancel')}
            busy={membership.busy}
            onCancel={() => setConfirmLeave(false)}
            onConfirm={() => void membership.leave().then((left) => left && setConfirmLeave(false))}
          />
        ) : null}
      </>
    );
  }

  // 'none' or 'invited' (an invitation lets a member into a private one without a request).
  const request = community.privacy === 'private' && standing !== 'invited';
  return (
    <div className="community-standing">
      {standing === 'invited' && !compact ? (
        <span className="community-badge">{t('communities.join.invited')}</span>
      ) : null}
      <button type="button" className={`button${small}`} disabled={membership.busy} onClick={membership.join}>
        {request ? t('communities.join.request') : t('communities.join.join')}
      </button>
    </div>
  );
}
