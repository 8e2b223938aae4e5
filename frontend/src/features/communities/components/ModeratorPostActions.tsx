import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useSetPostPinnedMutation } from '../api/communityPostsApi';
import { useRemoveCommunityPost } from '../hooks/useRemoveCommunityPost';
import { ReasonDialog } from './ReasonDialog';

/** Under each post of the feed, for the community's moderators: pin or unpin it, or remove it with a reason. */
export function ModeratorPostActions({ slug, postId, pinned }: { slug: string; postId: string; pinned: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [setPinned, pinState] = useSetPostPinnedMutation();
  const remove = useRemoveCommunityPost(slug);
  const [asking, setAsking] = useState(false);

  const togglePin = async () => {
    const result = await setPinned({ slug, postId, pinned: !pinned });
    if ('error' in result) toast(t('communities.failed'), 'error');
    else toast(t(pinned ? 'communities.feed.unpinnedToast' : 'communities.feed.pinnedToast'), 'success');
  };

  return (
    <div className="community-post-tools" role="group" aria-label={t('communities.feed.modActions')}>
      <button
        type="button"
        className="button button--quiet button--small"
        disabled={pinState.isLoading}
        onClick={() => void togglePin()}
      >
        {pinned ? t('communities.feed.unpin') : t('communities.feed.pin')}
      </button>
      <button type="button" className="button button--quiet button--small" onClick={() => setAsking(true)}>
        {t('communities.feed.remove')}
      </button>
      {asking ? (
        <ReasonDialog
          title={t('communities.reason.removeTitle')}
          body={t('communities.reason.removeBody')}
          confirmLabel={t('communities.reason.removeConfirm')}
          busy={remove.busy}
          onCancel={() => setAsking(false)}
          onConfirm={(reason) => void remove.run(postId, reason).then((done) => done && setAsking(false))}
        />
      ) : null}
    </div>
  );
}
