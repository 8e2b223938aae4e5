import { useTranslation } from '@/i18n/useTranslation';

import type { Badge } from '../types';

/** §9 'Best Seller' and 'Trending' (the server decides which apply). */
export function Badges({ badges, only }: { badges: Badge[]; only?: Badge }) {
  const { t } = useTranslation();
  const shown = only ? badges.filter((badge) => badge === only) : badges;
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((badge) => (
        <span key={badge} className={`course-badge course-badge--${badge}`}>
          {t(`learning.badge.${badge}`)}
        </span>
      ))}
    </>
  );
}
