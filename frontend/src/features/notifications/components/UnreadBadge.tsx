import '../notifications.css';

import { useTranslation } from '@/i18n/useTranslation';

import { formatBadgeCount } from '../badge';

/** The red count on the Notifications tab. Decorative: the tab's own label says the count. */
export function UnreadBadge({ count }: { count: number }) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="unread-badge" aria-hidden="true" data-testid="unread-badge">
      {formatBadgeCount(count, i18n.language)}
    </span>
  );
}
