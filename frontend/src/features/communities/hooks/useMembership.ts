import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useMemberGate } from '@/resources/session';
import { useToast } from '@/ui/toast';

import { useJoinCommunityMutation, useLeaveCommunityMutation } from '../api/communitiesApi';
import type { CommunityView } from '../types';

/**
 * Join, request, withdraw and leave, with what happened said in a toast. A guest who presses Join is
 * sent to sign in (the member gate). The join answer's standing tells a joined member (201) from a
 * request sent to a private community's moderators (202).
 */
export function useMembership(community: CommunityView) {
  const { t } = useTranslation();
  const toast = useToast();
  const gate = useMemberGate();
  const [join, joinState] = useJoinCommunityMutation();
  const [leave, leaveState] = useLeaveCommunityMutation();
  const name = community.name;

  const failed = (error: unknown) => toast(serverMessage(error) ?? t('communities.join.failed'), 'error');

  return {
    busy: joinState.isLoading || leaveState.isLoading,
    join: () =>
      gate(() => {
        void join(community.slug).then((result) => {
          if ('error' in result) return failed(result.error);
          const requested = result.data.me?.standing === 'requested';
          toast(t(requested ? 'communities.join.requestedToast' : 'communities.join.joinedToast', { name }), 'success');
        });
      }),
    /** Leaves, or withdraws a pending request: the same route. */
    leave: async (): Promise<boolean> => {
      const withdrawing = community.me?.standing === 'requested';
      const result = await leave(community.slug);
      if ('error' in result) {
        failed(result.error);
        return false;
      }
      toast(t(withdrawing ? 'communities.join.withdrawnToast' : 'communities.join.leftToast', { name }), 'success');
      return true;
    },
  };
}
