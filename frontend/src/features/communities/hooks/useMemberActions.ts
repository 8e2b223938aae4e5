import { useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import {
  useBanMemberMutation,
  useSetMemberMutedMutation,
  useSetMemberRoleMutation,
  useTransferOwnershipMutation,
} from '../api/membersApi';
import type { MemberAction } from '../components/MemberRow';
import type { CommunityMemberView } from '../types';

type DoneKey = `communities.members.${'promoted' | 'demoted' | 'unmuted' | 'handedOver' | 'mutedToast' | 'banned'}`;

/** The member actions of the Members tab: the ones that ask first open a dialog, the rest run at once. */
export function useMemberActions(slug: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [asking, setAsking] = useState<{ action: 'handOver' | 'mute' | 'ban'; member: CommunityMemberView } | null>(
    null,
  );
  const [setRole, roleState] = useSetMemberRoleMutation();
  const [transfer, transferState] = useTransferOwnershipMutation();
  const [setMuted, muteState] = useSetMemberMutedMutation();
  const [ban, banState] = useBanMemberMutation();

  const report = (result: { error?: unknown }, name: string, done: DoneKey) => {
    if ('error' in result && result.error) {
      toast(serverMessage(result.error) ?? t('communities.failed'), 'error');
      return false;
    }
    toast(t(done, { name }), 'success');
    return true;
  };

  const nameOf = (member: CommunityMemberView) => member.user.displayName || member.user.username;

  const start = (action: MemberAction, member: CommunityMemberView) => {
    const userId = member.user.id;
    const name = nameOf(member);
    if (action === 'promote' || action === 'demote') {
      const role = action === 'promote' ? 'moderator' : 'member';
      void setRole({ slug, userId, role }).then((r) =>
        report(r, name, action === 'promote' ? 'communities.members.promoted' : 'communities.members.demoted'),
      );
    } else if (action === 'unmute') {
      void setMuted({ slug, userId, muted: false }).then((r) => report(r, name, 'communities.members.unmuted'));
    } else setAsking({ action, member });
  };

  const confirm = async (reason?: string) => {
    if (!asking) return;
    const { action, member } = asking;
    const userId = member.user.id;
    const name = nameOf(member);
    const ok =
      action === 'handOver'
        ? report(await transfer({ slug, userId }), name, 'communities.members.handedOver')
        : action === 'mute'
          ? report(
              await setMuted({ slug, userId, muted: true, reason: reason ?? '' }),
              name,
              'communities.members.mutedToast',
            )
          : report(await ban({ slug, userId, reason: reason ?? '' }), name, 'communities.members.banned');
    if (ok) setAsking(null);
  };

  return {
    asking,
    start,
    confirm,
    cancel: () => setAsking(null),
    busy: roleState.isLoading || transferState.isLoading || muteState.isLoading || banState.isLoading,
    nameOf,
  };
}
