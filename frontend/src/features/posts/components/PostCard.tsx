import './post-card.css';
import './ai-answer.css';

import { memo, useState } from 'react';

import { useRelativeTime } from '@/i18n/useRelativeTime';
import { useTranslation } from '@/i18n/useTranslation';
import type { Post } from '@/resources/posts';
import { useWatchPosts } from '@/resources/realtime';
import { AppLink } from '@/ui/AppLink';
import { Avatar } from '@/ui/Avatar';
import { CheckIcon, PinIcon } from '@/ui/icons';

import { EditPostForm } from './EditPostForm';
import { HiddenPostBanner } from './HiddenPostBanner';
import { ImageGallery } from './ImageGallery';
import { PostActionBar } from './PostActionBar';
import { PostAudio } from './PostAudio';
import { PostCommunityLabel } from './PostCommunityLabel';
import { PostDocuments } from './PostDocuments';
import { PostMenu } from './PostMenu';
import { PostPoll } from './PostPoll';
import { PostText } from './PostText';
import { PostVideo } from './PostVideo';
import { QuotedPostPreview } from './QuotedPostPreview';
import { usePostActions } from './usePostActions';

export interface PostCardProps {
  post: Post;
  /** Cuts the text at 140 instead of 280 (§2). */
  compact?: boolean;
  /** Hides the action bar (e.g. where the screen shows its own). */
  hideActions?: boolean;
  /** Cuts the text at this many characters instead (search shows 200, part 2 §9). */
  limit?: number;
}

/** A shared AI answer (type 'ai_answer'): the question it answers, then the answer. */
function AiAnswerText({ post, compact, limit }: { post: Post; compact: boolean; limit?: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="post-card__ai">
      <p className="post-card__ai-label muted">{t('posts.aiAnswer')}</p>
      <p className="post-card__question" dir="auto">
        <span className="visually-hidden">{t('posts.aiQuestion')}: </span>
        {post.aiQuestion ?? post.content}
      </p>
      <PostText text={post.aiAnswer ?? ''} compact={compact} {...(limit ? { limit } : {})} />
    </div>
  );
}

/**
 * §2 post card: author, relative time, 'edited' and pinned marks, text with See more, images, video,
 * audio, poll, quoted post, the community it was posted in, counts, the action bar and the owner/others menu. Reads the session itself.
 * Memoised: a list that re-renders (a page more, a poll) re-renders only the cards whose post changed
 * (the cache keeps an unchanged post the same object); without it each list step rendered every card.
 */
export const PostCard = memo(function PostCard({ post, compact = false, hideActions = false, limit }: PostCardProps) {
  const { t } = useTranslation();
  const relativeTime = useRelativeTime();
  const actions = usePostActions(post);
  // Counts stay live (post_updated) while the card is on screen; a guest has no socket.
  useWatchPosts(post.id ? [post.id] : []);
  const [editing, setEditing] = useState(false);
  // An anonymous shared answer names nobody and links to no profile.
  const anonymous = post.isAnonymous === true;
  const name = anonymous ? t('posts.anonymous') : post.user.displayName || post.user.name || post.user.username;
  const isAnswer = post.type === 'ai_answer';
  const profile = `/profile/${encodeURIComponent(post.user.username)}`;
  const images = post.imageUrls.length > 0 ? post.imageUrls : post.imageUrl ? [post.imageUrl] : [];
  // A hidden post (its author's or a moderator's view): nothing to like, share or pin until it shows again.
  const moderation = post.moderation;

  return (
    <article className={`post-card${compact ? ' post-card--compact' : ''}`} aria-label={t('posts.card', { name })}>
      {post.isPinned ? (
        <p className="post-card__pinned muted">
          <PinIcon />
          {t('posts.pinned')}
        </p>
      ) : null}
      {post.community ? <PostCommunityLabel community={post.community} /> : null}
      <header className="post-card__header">
        {anonymous ? (
          <span className="post-card__avatar">
            <Avatar size={compact ? 36 : 44} />
          </span>
        ) : (
          <AppLink to={profile} className="post-card__avatar" aria-label={t('posts.authorProfile', { name })}>
            <Avatar src={post.user.avatarUrl ?? post.user.profileImage} name={name} size={compact ? 36 : 44} />
          </AppLink>
        )}
        <div className="post-card__byline">
          {anonymous ? (
            <bdi className="post-card__name">{name}</bdi>
          ) : (
            <AppLink to={profile} className="post-card__name">
              <bdi>{name}</bdi>
              {post.user.isVerified ? (
                <span className="post-card__verified" title={t('posts.verified')}>
                  <CheckIcon />
                  <span className="visually-hidden">{t('posts.verified')}</span>
                </span>
              ) : null}
            </AppLink>
          )}
          <span className="post-card__meta muted">
            {anonymous ? null : (
              <>
                <span dir="ltr">@{post.user.username}</span>
                {' · '}
              </>
            )}
            <AppLink
              to={`/post/${post.id}`}
              className="post-card__time"
              aria-label={`${t('posts.openPost')}, ${relativeTime(post.createdAt)}`}
            >
              <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
            </AppLink>
            {post.editedAt ? <span className="post-card__edited"> · {t('posts.edited')}</span> : null}
          </span>
        </div>
        {moderation && !actions.isOwner ? null : (
          <PostMenu post={post} actions={actions} onEdit={() => setEditing(true)} />
        )}
      </header>
      {moderation ? <HiddenPostBanner post={post} moderation={moderation} /> : null}

      {isAnswer ? (
        <AiAnswerText post={post} compact={compact} limit={limit} />
      ) : editing ? (
        <EditPostForm post={post} onDone={() => setEditing(false)} />
      ) : (
        <PostText text={post.content} compact={compact} {...(limit ? { limit } : {})} />
      )}
      {images.length > 0 ? <ImageGallery urls={images} captions={post.imageCaptions} /> : null}
      {post.videoUrl ? (
        <PostVideo url={post.videoUrl} poster={post.videoThumbnailUrl} status={post.videoStatus ?? null} />
      ) : null}
      {post.audioUrl ? <PostAudio url={post.audioUrl} /> : null}
      {post.documents?.length ? <PostDocuments documents={post.documents} /> : null}
      {post.poll ? <PostPoll postId={post.id} poll={post.poll} postText={post.content} closed={!!moderation} /> : null}
      {post.quotedPost ? <QuotedPostPreview quote={post.quotedPost} /> : null}

      {hideActions || moderation ? null : <PostActionBar post={post} actions={actions} />}
    </article>
  );
});
