import type { ComponentType } from 'react';

import { Avatar } from '@/ui/Avatar';
import { PinIcon, UsersIcon } from '@/ui/icons';

import type { AppNotification } from '../types';

/** Notices from the platform itself: they show its mark, whoever on the staff sent them. */
const FROM_THE_APP = new Set([
  'admin_announcement',
  'app_update',
  'post_hidden',
  'post_restored',
  'post_appeal_accepted',
  'post_appeal_rejected',
  'post_appealed',
]);
const APP_MARK = '/icons/icon-192.png';

/** A community notice wears a small mark on the member's picture, so it is not taken for a personal one. */
const BADGES: Partial<Record<string, ComponentType>> = {
  community_post: UsersIcon,
  community_announcement: PinIcon,
  community_join_request: UsersIcon,
  community_join_approved: UsersIcon,
  community_deleted: UsersIcon,
};

/** Who the notice is from: the app's mark, or the member's picture (with a badge for a community). */
export function NotificationAvatar({ notification: n }: { notification: AppNotification }) {
  // A community the app's moderators closed: from the app, not from a member.
  if (FROM_THE_APP.has(n.type) || (n.type === 'community_deleted' && !n.actor))
    return <Avatar src={APP_MARK} size={40} />;
  const Badge = BADGES[n.type];
  const avatar = <Avatar src={n.actor?.profileImage} name={n.actor?.name} size={40} />;
  if (!Badge) return avatar;
  return (
    <span className="notification__avatar">
      {avatar}
      <span className="notification__badge" aria-hidden="true">
        <Badge />
      </span>
    </span>
  );
}
