import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useLikePostMutation } from '@/resources/posts';
import { ChatIcon, HeartIcon, VideoIcon } from '@/ui/icons';

import type { VideoFeedPost } from '../api';
import type { AutoplayManager } from '../hooks/useAutoplayManager';

type Loading = 'loading' | 'ready' | 'failed';

/**
 * One full-screen clip of the feed: the poster until the clip can play, processing and failed states,
 * and the overlay (author, caption, like, comment). Playing is the autoplay manager's decision.
 */
export function VideoFeedItem({
  post,
  manager,
  onComment,
}: {
  post: VideoFeedPost;
  manager: AutoplayManager;
  onComment: (post: VideoFeedPost) => void;
}) {
  const { t } = useTranslation();
  const [like] = useLikePostMutation();
  const [loading, setLoading] = useState<Loading>('loading');
  const { register } = manager;
  const ref = useCallback((element: HTMLVideoElement | null) => register(post.id, element), [register, post.id]);
  const active = manager.activeId === post.id;
  const status = post.videoStatus ?? 'ready';
  const comments = post.comments ?? post.commentsCount;

  return (
    <section
      className={`video-feed__item${active ? ' video-feed__item--active' : ''}`}
      data-video-id={post.id}
      data-state={status === 'ready' ? loading : status}
      aria-label={t('videos.itemLabel', { username: post.user.username })}
    >
      {status === 'processing' ? (
        <div className="video-feed__state" role="status">
          {post.videoThumbnailUrl ? <img className="video-feed__poster" src={post.videoThumbnailUrl} alt="" /> : null}
          <p>{t('videos.processing')}</p>
        </div>
      ) : status === 'failed' || loading === 'failed' || !post.videoUrl ? (
        <div className="video-feed__state video-feed__state--failed" role="status">
          <VideoIcon />
          <p>{t('videos.failedToLoad')}</p>
        </div>
      ) : (
        <>
          <video
            ref={ref}
            className="video-feed__video"
            src={post.videoUrl}
            poster={post.videoThumbnailUrl ?? undefined}
            playsInline
            loop
            muted
            preload={active ? 'auto' : 'metadata'}
            aria-label={t('videos.videoLabel', { username: post.user.username })}
            onCanPlay={() => setLoading('ready')}
            onError={() => setLoading('failed')}
            onClick={() => manager.setPausedByUser(!manager.pausedByUser)}
          />
          {loading === 'loading' && post.videoThumbnailUrl ? (
            <img className="video-feed__poster video-feed__poster--cover" src={post.videoThumbnailUrl} alt="" />
          ) : null}
          {active && manager.pausedByUser ? (
            <span className="video-feed__paused" aria-hidden="true">
              ▶
            </span>
          ) : null}
        </>
      )}
      <div className="video-feed__overlay">
        <div className="video-feed__text">
          <Link className="video-feed__author" to={`/profile/${encodeURIComponent(post.user.username)}`}>
            @{post.user.username}
          </Link>
          {post.content ? <p className="video-feed__caption">{post.content}</p> : null}
        </div>
        <div className="video-feed__actions">
          <button
            type="button"
            className={`video-feed__action${post.isLiked ? ' video-feed__action--on' : ''}`}
            aria-pressed={post.isLiked}
            aria-label={t(post.isLiked ? 'videos.unlike' : 'videos.like')}
            onClick={() => void like({ id: post.id, on: !post.isLiked })}
          >
            <HeartIcon />
            <span>{post.likes}</span>
          </button>
          <button
            type="button"
            className="video-feed__action"
            aria-label={t('videos.comment')}
            onClick={() => onComment(post)}
          >
            <ChatIcon />
            <span>{comments}</span>
          </button>
        </div>
      </div>
    </section>
  );
}
