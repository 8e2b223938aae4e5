import { Link } from 'react-router-dom';

import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';

import type { Reply } from '../types';

/** A reply on the Replies tab, under a line saying which post it answers. */
export function ReplyItem({ reply }: { reply: Reply }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const author = reply.user;
  return (
    <article className="profile-reply">
      <p className="profile-reply__context muted">
        {reply.originalPost.userId ? (
          <Link to={`/post/${reply.originalPost.id}`}>{t('profile.replies.replyingTo')}</Link>
        ) : (
          <span>{t('profile.replies.replyingTo')}</span>
        )}
        <span className="profile-reply__original">
          {reply.originalPost.userId ? reply.originalPost.content : t('profile.replies.deletedPost')}
        </span>
      </p>
      <div className="profile-reply__body">
        <Avatar src={author.avatarUrl ?? author.profileImage} name={author.displayName} size={40} />
        <div>
          <p className="profile-reply__meta">
            <strong>{author.displayName}</strong>{' '}
            <span className="muted" dir="ltr">
              @{author.username}
            </span>{' '}
            <time className="muted" dateTime={reply.createdAt}>
              · {relative(reply.createdAt)}
            </time>
          </p>
          {reply.content ? <p className="profile-reply__text">{reply.content}</p> : null}
          {reply.imageUrl ? (
            <img
              className="profile-reply__image"
              src={reply.imageUrl}
              alt={t('profile.replies.imageAlt')}
              loading="lazy"
            />
          ) : null}
          {reply.videoUrl ? (
            <video className="profile-reply__image" src={reply.videoUrl} controls preload="metadata" />
          ) : null}
        </div>
      </div>
    </article>
  );
}
