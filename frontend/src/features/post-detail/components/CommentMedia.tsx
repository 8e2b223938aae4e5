import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment } from '../types';

/** One attached image; a broken one gives way to a labelled placeholder (spec part 2 §8). */
function CommentImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div className="pd-comment-media__missing" role="img" aria-label={t('postDetail.media.imageFailed')}>
        {t('postDetail.media.imageFailed')}
      </div>
    );
  }
  return <img className="pd-comment-media__image" src={src} alt={alt} loading="lazy" onError={() => setBroken(true)} />;
}

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
  return <video className="pd-comment-media__video" src={src} controls playsInline preload="metadata" aria-label={label} onError={() => setBroken(true)} />;
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
            <CommentImage key={src} src={src} alt={t('postDetail.media.imageAlt', { name, n: i + 1 })} />
          ))}
        </div>
      ) : null}
      {comment.videoUrl ? <CommentVideo src={comment.videoUrl} label={t('postDetail.media.videoLabel', { name })} /> : null}
      {comment.audioUrl ? <audio className="pd-comment-media__audio" src={comment.audioUrl} controls preload="metadata" aria-label={t('postDetail.media.audioLabel', { name })} /> : null}
    </div>
  );
}
