import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { PlayIcon, VideoIcon } from '@/ui/icons';

/** §9: playback pauses when less than 60% of the video is on screen. */
export const VIDEO_VISIBLE_THRESHOLD = 0.6;

/**
 * §2 video: the poster first; a tap starts muted playback; scrolling it under 60% visible pauses it;
 * a video that fails says so instead of showing a broken player.
 */
export function PostVideo({
  url,
  poster,
  status,
}: {
  url: string;
  poster: string | null;
  status?: 'processing' | 'ready' | 'failed' | null;
}) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!started || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio < VIDEO_VISIBLE_THRESHOLD && !element.paused) element.pause();
      },
      { threshold: [0, VIDEO_VISIBLE_THRESHOLD, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [started]);

  if (status === 'processing') {
    return (
      <div className="post-video post-video__poster post-video--processing" role="status">
        {poster ? <img src={poster} alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} /> : null}
        <p className="post-video__note">{t('posts.media.videoProcessing')}</p>
      </div>
    );
  }

  if (failed || status === 'failed') {
    return (
      <div className="post-video post-video--failed" role="status">
        <VideoIcon />
        <p className="post-video__title">{t('posts.media.videoUnavailable')}</p>
        <p className="muted">{t('posts.media.videoUnavailableBody')}</p>
      </div>
    );
  }

  if (!started) {
    return (
      <button
        type="button"
        className="post-video post-video__poster"
        aria-label={t('posts.media.playVideo')}
        onClick={() => setStarted(true)}
      >
        {poster ? <img src={poster} alt="" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} /> : null}
        <span className="post-video__play" aria-hidden="true">
          <PlayIcon />
        </span>
      </button>
    );
  }

  return (
    <video
      ref={video}
      className="post-video"
      src={url}
      poster={poster ?? undefined}
      aria-label={t('posts.media.video')}
      muted
      autoPlay
      playsInline
      controls
      preload="metadata"
      onError={() => setFailed(true)}
    />
  );
}
