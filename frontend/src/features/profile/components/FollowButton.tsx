import './follow-button.css';

import { useTranslation } from '@/i18n/useTranslation';
import { followButtonLabel, useFollowMemberMutation, useUnfollowMemberMutation } from '@/resources/relationships';
import { useMemberGate } from '@/resources/session';

import type { Relationship } from '../types';

interface Props {
  userId: string;
  username: string;
  relationship: Pick<Relationship, 'isFollowing' | 'isFollowingBack'> | undefined;
  compact?: boolean;
}

/** 'Following', 'Follow Back' or 'Follow'; the change shows at once and rolls back if the call fails. */
export function FollowButton({ userId, username, relationship, compact = false }: Props) {
  const { t } = useTranslation();
  const [follow, followState] = useFollowMemberMutation();
  const [unfollow, unfollowState] = useUnfollowMemberMutation();
  const label = followButtonLabel(relationship);
  const following = label === 'following';
  const busy = followState.isLoading || unfollowState.isLoading;

  const asMember = useMemberGate();
  // Guests browse; following needs an account.
  const onClick = () =>
    asMember(() => {
      const ref = { userId, username };
      void (following ? unfollow(ref) : follow(ref));
    });

  return (
    <button
      type="button"
      className={`button ${following ? 'button--quiet' : ''} follow-button ${compact ? 'follow-button--compact' : ''}`}
      aria-pressed={following}
      aria-label={t(`profile.followAria.${label}`, { username })}
      disabled={busy}
      onClick={onClick}
    >
      {t(`profile.follow.${label}`)}
    </button>
  );
}
