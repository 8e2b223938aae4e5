import { useTranslation } from '@/i18n/useTranslation';

import type { FollowList, ProfileCounts as Counts } from '../types';

/** Posts, followers and following; the last two open their lists. */
export function ProfileCounts({
  counts,
  onOpenList,
}: {
  counts: Counts | undefined;
  onOpenList: ((list: FollowList) => void) | undefined;
}) {
  const { t } = useTranslation();
  const posts = counts?.posts ?? 0;
  const item = (list: FollowList) => {
    const count = counts?.[list] ?? 0;
    const text = t(`profile.counts.${list}`, { count });
    return onOpenList ? (
      <button type="button" className="profile-counts__link" onClick={() => onOpenList(list)}>
        {text}
      </button>
    ) : (
      <span>{text}</span>
    );
  };
  return (
    <ul className="profile-counts" aria-label={t('profile.counts.label')}>
      <li>{t('profile.counts.posts', { count: posts })}</li>
      <li>{item('followers')}</li>
      <li>{item('following')}</li>
    </ul>
  );
}
