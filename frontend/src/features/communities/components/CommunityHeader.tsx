import { Link } from 'react-router-dom';

import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';

import type { CommunityAccess } from '../hooks/useCommunityAccess';
import type { CommunityView } from '../types';
import { CommunityAvatar } from './CommunityAvatar';
import { MembershipActions } from './MembershipActions';
import { PrivacyBadge } from './PrivacyBadge';

/** Banner, image, name, privacy and members; the viewer's way in or out; members' and moderators' entries. */
export function CommunityHeader({ community, access }: { community: CommunityView; access: CommunityAccess }) {
  const { t, i18n } = useTranslation();
  const base = `/communities/${encodeURIComponent(community.slug)}`;
  const pending = community.pendingRequests ?? 0;
  return (
    <header className="community-header">
      <div className="community-header__banner">
        {community.bannerUrl ? <img src={community.bannerUrl} alt="" /> : null}
      </div>
      <div className="community-header__identity">
        <CommunityAvatar url={community.avatarUrl} name={community.name} size={72} />
        <div className="community-header__title">
          <h1 id="community-title" dir="auto">
            {community.name}
          </h1>
          <p className="community-header__meta muted">
            <PrivacyBadge privacy={community.privacy} />
            <span>{t('communities.memberCount', { count: community.memberCount })}</span>
          </p>
        </div>
      </div>
      <div className="community-header__actions">
        <MembershipActions community={community} />
        {access.canPost ? (
          <Link to={`/compose?community=${encodeURIComponent(community.id)}`} className="button">
            {t('communities.detail.write')}
          </Link>
        ) : null}
      </div>
      {access.isMember && community.me?.muted ? (
        <p className="notice" role="note">
          {t('communities.detail.muted')}
        </p>
      ) : null}
      {access.isModerator ? (
        <nav className="community-header__tools" aria-label={t('communities.detail.tools')}>
          <Link to={`${base}/edit`} className="button button--quiet button--small">
            {t('communities.detail.edit')}
          </Link>
          <Link to={`${base}/requests`} className="button button--quiet button--small">
            {t('communities.detail.requests', { n: numberFormat(i18n.language).format(pending) })}
          </Link>
          <Link to={`${base}/reports`} className="button button--quiet button--small">
            {t('communities.detail.reports')}
          </Link>
        </nav>
      ) : null}
    </header>
  );
}
