import { useTranslation } from '@/i18n/useTranslation';
import { GlobeIcon, LockIcon } from '@/ui/icons';

import type { CommunityPrivacy } from '../types';

export function PrivacyBadge({ privacy }: { privacy: CommunityPrivacy }) {
  const { t } = useTranslation();
  return (
    <span className={`community-badge community-badge--${privacy}`}>
      {privacy === 'private' ? <LockIcon /> : <GlobeIcon />}
      {t(`communities.privacy.${privacy}`)}
    </span>
  );
}
