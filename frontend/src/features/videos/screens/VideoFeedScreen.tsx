import '../videos.css';

import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useLoadMore } from '@/ui/useLoadMore';

import { useGetVideosInfiniteQuery, type VideoFeedPost } from '../api';
import { playerKeyAction } from '../autoplay';
import { CommentsSheet } from '../components/CommentsSheet';
import { VideoFeedItem } from '../components/VideoFeedItem';
import { useAutoplayManager } from '../hooks/useAutoplayManager';

/** /videos (part 2 §2): the full-screen vertical feed of posts with a video. */
export default function VideoFeedScreen() {
  const { t } = useTranslation();
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    useGetVideosInfiniteQuery();
  const manager = useAutoplayManager();
  const { soundOn, enableSound } = manager;
  const [commenting, setCommenting] = useState<VideoFeedPost | null>(null);
  const feed = useRef<HTMLDivElement>(null);
  const posts = data?.pages.flat() ?? [];
  const more = useLoadMore<HTMLDivElement>(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage,
    data?.pages.length ?? 0,
  );

  // §4: sound stays off until the member's first interaction with the page.
  useEffect(() => {
    if (soundOn) return undefined;
    const first = () => enableSound();
    window.addEventListener('pointerdown', first, { once: true });
    window.addEventListener('keydown', first, { once: true });
    return () => {
      window.removeEventListener('pointerdown', first);
      window.removeEventListener('keydown', first);
    };
  }, [soundOn, enableSound]);

  const loaded = posts.length > 0;
  useEffect(() => {
    if (loaded) feed.current?.focus({ preventScroll: true });
  }, [loaded]);

  const scrollTo = useCallback(
    (offset: number) => {
      const items = Array.from(feed.current?.querySelectorAll<HTMLElement>('.video-feed__item') ?? []);
      const current = items.findIndex((item) => item.dataset.videoId === manager.activeId);
      items[Math.max(0, Math.min(items.length - 1, current + offset))]?.scrollIntoView({ behavior: 'smooth' });
    },
    [manager.activeId],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (commenting || (event.target as HTMLElement).closest('input, textarea, button, a')) return;
    const action = playerKeyAction(event.key);
    const video = manager.activeId ? manager.elementOf(manager.activeId) : undefined;
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'next' || action.kind === 'previous') return scrollTo(action.kind === 'next' ? 1 : -1);
    if (!video) return;
    if (action.kind === 'seek') {
      const end = Number.isFinite(video.duration) ? video.duration : Infinity;
      video.currentTime = Math.max(0, Math.min(end, video.currentTime + action.seconds));
    } else if (action.kind === 'togglePlay') manager.setPausedByUser(!manager.pausedByUser);
    else if (action.kind === 'toggleMute') manager.setSound(!manager.soundOn);
    else if (document.fullscreenElement) void document.exitFullscreen?.();
    else void video.requestFullscreen?.();
  };

  if (isLoading) {
    return (
      <div className="video-feed video-feed--message" role="status">
        {t('videos.loading')}
      </div>
    );
  }
  if (isError && posts.length === 0) {
    return (
      <div className="video-feed video-feed--message" role="alert">
        <p>{t('videos.loadFailed')}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          {t('videos.retry')}
        </button>
      </div>
    );
  }
  if (posts.length === 0) {
    return <div className="video-feed video-feed--message">{t('videos.empty')}</div>;
  }

  return (
    // The feed takes the keyboard controls of §9 when it has focus (it takes it once loaded).
    <div
      ref={feed}
      className="video-feed"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={t('videos.title')}
      aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Space M F"
    >
      {!soundOn ? (
        <button type="button" className="video-feed__sound" onClick={enableSound}>
          {t('videos.enableSound')}
        </button>
      ) : null}
      {posts.map((post) => (
        <VideoFeedItem key={post.id} post={post} manager={manager} onComment={setCommenting} />
      ))}
      {hasNextPage ? (
        <div ref={more} className="video-feed__more">
          {isFetchingNextPage ? t('videos.loadingMore') : null}
        </div>
      ) : null}
      {commenting ? <CommentsSheet post={commenting} onClose={() => setCommenting(null)} /> : null}
    </div>
  );
}
