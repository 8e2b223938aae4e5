import { useState } from 'react';

import { SafeImage } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';

import type { Comment } from '../types';

function CommentVideo({ src, label }: { src: string; label: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div className="pd-comment-media__missing" role="img" aria-label={t('postDetail.media.videoFailed')}>
        {t('postDetail.media.videoFailed')}
      </div>
    );
  }
  return (
    <video
      className="pd-comment-media__video"
      src={src}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      onError={() => setBroken(true)}
    />
  );
}

/** The files attached to a comment: images, a video, audio. */
export function CommentMedia({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  const name = comment.user.displayName || comment.user.name;
  const images = comment.imageUrls?.length ? comment.imageUrls : comment.imageUrl ? [comment.imageUrl] : [];
  if (images.length === 0 && !comment.videoUrl && !comment.audioUrl) return null;
  return (
    <div className="pd-comment-media">
      {images.length > 0 ? (
        <div className={`pd-comment-media__images pd-comment-media__images--${Math.min(images.length, 4)}`}>
          {images.map((src, i) => (
            // A broken image gives way to a labelled placeholder (spec part 2 §8).
            <SafeImage
              key={src}
              className="pd-comment-media__image"
              src={src}
              alt={t('postDetail.media.imageAlt', { name, n: i + 1 })}
              loading="lazy"
              unavailableLabel={t('postDetail.media.imageFailed')}
            />
          ))}
        </div>
      ) : null}
      {comment.videoUrl ? (
        <CommentVideo src={comment.videoUrl} label={t('postDetail.media.videoLabel', { name })} />
      ) : null}
      {comment.audioUrl ? (
        <audio
          className="pd-comment-media__audio"
          src={comment.audioUrl}
          controls
          preload="metadata"
          aria-label={t('postDetail.media.audioLabel', { name })}
        />
      ) : null}
    </div>
  );
}
