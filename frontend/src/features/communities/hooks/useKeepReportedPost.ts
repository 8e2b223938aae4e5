import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useDismissCommunityReportsMutation } from '../api/communityPostsApi';

/** A moderator keeps a reported post: its reports close and it leaves the queue. */
export function useKeepReportedPost(slug: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [dismiss, state] = useDismissCommunityReportsMutation();
  return {
    /** The post being kept, so only its button waits. */
    keeping: state.isLoading ? (state.originalArgs?.postId ?? null) : null,
    run: async (postId: string): Promise<boolean> => {
      const result = await dismiss({ slug, postId });
      if ('error' in result) {
        toast(serverMessage(result.error) ?? t('communities.failed'), 'error');
        return false;
      }
      toast(t('communities.reports.keptToast'), 'success');
      return true;
    },
  };
}
