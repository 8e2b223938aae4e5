import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';
import { ActionMenu, type MenuAction } from '@/ui/menu/ActionMenu';

import type { CommunityMemberView } from '../types';

export type MemberAction = 'promote' | 'demote' | 'handOver' | 'mute' | 'unmute' | 'ban';

/**
 * What the viewer may do to a member: the owner names moderators and hands ownership over; moderators
 * mute and ban members, and only the owner may do so to a moderator. Nobody acts on the owner or on
 * themselves.
 */
export function memberActions(
  member: CommunityMemberView,
  viewer: { userId: string | undefined; isOwner: boolean; isModerator: boolean },
): MemberAction[] {
  if (member.role === 'owner' || member.user.id === viewer.userId || !viewer.isModerator) return [];
  const actions: MemberAction[] = [];
  if (viewer.isOwner) actions.push(member.role === 'moderator' ? 'demote' : 'promote', 'handOver');
  if (viewer.isOwner || member.role === 'member') actions.push(member.muted ? 'unmute' : 'mute', 'ban');
  return actions;
}

const LABEL_KEYS = {
  promote: 'communities.members.makeModerator',
  demote: 'communities.members.removeModerator',
  handOver: 'communities.members.handOver',
  mute: 'communities.members.mute',
  unmute: 'communities.members.unmute',
  ban: 'communities.members.ban',
} as const;

/** One member: who, their role badge, a muted mark, and the viewer's actions on them (a menu). */
export function MemberRow({
  member,
  actions,
  onAction,
}: {
  member: CommunityMemberView;
  actions: MemberAction[];
  onAction: (action: MemberAction, member: CommunityMemberView) => void;
}) {
  const { t } = useTranslation();
  const name = member.user.displayName || member.user.name || member.user.username;
  const items = (): MenuAction[] =>
    actions.map((action) => ({
      key: action,
      label: t(LABEL_KEYS[action]),
      onSelect: () => onAction(action, member),
      danger: action === 'ban',
    }));
  return (
    <li className="community-member">
      <Avatar src={member.user.avatarUrl ?? member.user.profileImage} name={name} size={40} />
      <div className="community-member__who">
        <Link to={`/profile/${encodeURIComponent(member.user.username)}`} className="community-member__name" dir="auto">
          {name}
        </Link>
        <span className="muted">
          <bdi dir="ltr">@{member.user.username}</bdi>
        </span>
      </div>
      <span className="community-member__badges">
        {member.role === 'member' ? null : (
          <span className={`community-badge community-badge--${member.role}`}>
            {t(`communities.members.role.${member.role}`)}
          </span>
        )}
        {member.muted ? <span className="community-badge">{t('communities.members.muted')}</span> : null}
      </span>
      {actions.length > 0 ? (
        <ActionMenu buttonLabel={t('communities.members.actions', { name })} actions={items} />
      ) : null}
    </li>
  );
}
