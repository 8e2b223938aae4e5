import { Link } from 'react-router-dom';

import { PostText } from '@/features/posts';
import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';

import type { Comment } from '../types';
import { CommentMedia } from './CommentMedia';

interface CommentItemProps {
  comment: Comment;
  /** The author of the comment or of the post may delete it (the server's rule). */
  canDelete: boolean;
  onDelete: (comment: Comment) => void;
  /** A signed-in member may report someone else's comment. */
  canReport: boolean;
  onReport: (comment: Comment) => void;
}

export function CommentItem({ comment, canDelete, onDelete, canReport, onReport }: CommentItemProps) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const { user } = comment;
  const name = user.displayName || user.name;
  const profile = user.username ? `/profile/${encodeURIComponent(user.username)}` : null;
  return (
    <article className="pd-comment" aria-labelledby={`comment-${comment.id}-author`}>
      {profile ? (
        <Link to={profile} className="pd-comment__avatar" tabIndex={-1} aria-hidden="true">
          <Avatar src={user.avatarUrl ?? user.profileImage} name={name} size={36} />
        </Link>
      ) : (
        <span className="pd-comment__avatar">
          <Avatar src={user.avatarUrl ?? user.profileImage} name={name} size={36} />
        </span>
      )}
      <div className="pd-comment__body">
        <header className="pd-comment__header">
          <span id={`comment-${comment.id}-author`} className="pd-comment__name">
            {profile ? <Link to={profile}>{name}</Link> : name}
          </span>
          {user.username ? (
            <span className="muted pd-comment__username" dir="ltr">
              @{user.username}
            </span>
          ) : null}
          <span className="muted" aria-hidden="true">
            ·
          </span>
          <time className="muted" dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
            {relative(comment.createdAt)}
          </time>
          {comment.editedAt ? <span className="muted">{t('postDetail.comment.edited')}</span> : null}
        </header>
        {/* Hashtags and mentions link as in posts; a long comment folds behind 'See more'. */}
        <div className="pd-comment__text">
          <PostText text={comment.content} />
        </div>
        <CommentMedia comment={comment} />
        {canDelete || canReport ? (
          <div className="pd-comment__actions">
            {canReport ? (
              <button
                type="button"
                className="link-button pd-comment__report"
                onClick={() => onReport(comment)}
                aria-label={t('postDetail.comment.reportNamed', { name })}
              >
                {t('postDetail.comment.report')}
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className="link-button pd-comment__delete"
                onClick={() => onDelete(comment)}
                aria-label={t('postDetail.comment.deleteNamed', { name })}
              >
                {t('postDetail.comment.delete')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
