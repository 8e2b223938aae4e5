import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useRemoveCommunityPostMutation } from '../api/communityPostsApi';

/** A moderator removes a post with a reason (the feed and the reports queue share it). */
export function useRemoveCommunityPost(slug: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [remove, state] = useRemoveCommunityPostMutation();
  return {
    busy: state.isLoading,
    run: async (postId: string, reason: string): Promise<boolean> => {
      const result = await remove({ slug, postId, reason });
      if ('error' in result) {
        toast(serverMessage(result.error) ?? t('communities.failed'), 'error');
        return false;
      }
      toast(t('communities.feed.removedToast'), 'success');
      return true;
    },
  };
}
