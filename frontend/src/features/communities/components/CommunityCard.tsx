import { useId } from 'react';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

import type { CommunityView } from '../types';
import { CommunityAvatar } from './CommunityAvatar';
import { MembershipActions } from './MembershipActions';
import { PrivacyBadge } from './PrivacyBadge';

/** One community in a list: image, name, privacy, category, city, members, and the way in. */
export function CommunityCard({ community }: { community: CommunityView }) {
  const { t } = useTranslation();
  const nameId = useId();
  const where = [t(`communities.category.${community.category}`), community.city].filter(Boolean).join(' · ');
  return (
    <article className="community-card" aria-labelledby={nameId}>
      <CommunityAvatar url={community.avatarUrl} name={community.name} size={48} />
      <div className="community-card__body">
        <h3 id={nameId} className="community-card__name">
          <Link to={`/communities/${encodeURIComponent(community.slug)}`} dir="auto">
            {community.name}
          </Link>
        </h3>
        <p className="community-card__meta muted">
          <PrivacyBadge privacy={community.privacy} />
          <span dir="auto">{where}</span>
          <span>{t('communities.memberCount', { count: community.memberCount })}</span>
        </p>
        {community.description ? (
          <p className="community-card__description" dir="auto">
            {community.description}
          </p>
        ) : null}
      </div>
      <div className="community-card__action">
        <MembershipActions community={community} compact />
      </div>
    </article>
  );
}
