import { useNavigate } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useDeleteCommunityMutation } from '../api/communitiesApi';

/** Deletes the community (a reason from the app's staff), then opens the list of the others. */
export function useDeleteCommunity(slug: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [remove, state] = useDeleteCommunityMutation();

  const deleteCommunity = async (reason?: string) => {
    const result = await remove(reason ? { slug, reason } : { slug });
    if ('error' in result) return toast(serverMessage(result.error) ?? t('communities.delete.failed'), 'error');
    toast(t('communities.delete.deleted'), 'success');
    void navigate('/communities', { replace: true });
  };

  return { deleteCommunity, deleting: state.isLoading };
}
