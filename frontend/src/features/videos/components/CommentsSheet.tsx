import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';

import { CommentComposer } from '../../post-detail';
import type { VideoFeedPost } from '../api';

/** Commenting from the feed's overlay: the post screen's comment box in a sheet, and the way to all comments. */
export function CommentsSheet({ post, onClose }: { post: VideoFeedPost; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('videos.commentsTitle')} onClose={onClose} className="video-comments">
      {post.allowComments ? <CommentComposer postId={post.id} /> : <p className="muted">{t('videos.commentsOff')}</p>}
      <Link className="video-comments__all" to={`/post/${encodeURIComponent(post.id)}`}>
        {t('videos.allComments', { count: post.comments ?? post.commentsCount })}
      </Link>
    </Dialog>
  );
}
