import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { directionOf } from '@/i18n';
import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { useDialogFocus } from '@/ui/dialog';
import { ChevronEndIcon, ChevronStartIcon, CloseIcon } from '@/ui/icons';

import { SafeImage } from './SafeImage';

export interface ViewerImage {
  url: string;
  alt: string;
}

/** §2: a swipe longer than 50px changes the image. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * Full-screen image viewer: arrow keys and swipes step through the images (mirrored in Arabic),
 * Escape closes, focus stays inside and goes back to the opening image.
 */
export function ImageViewer({ images, start, onClose }: { images: ViewerImage[]; start: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState(start);
  const { ref, onKeyDown: trapKeys } = useDialogFocus<HTMLDivElement>(onClose);
  const swipeStart = useRef<number | null>(null);
  const rtl = directionOf(i18n.language) === 'rtl';
  const total = images.length;
  const image = images[index];

  const go = (step: number) => setIndex((i) => Math.min(total - 1, Math.max(0, i + step)));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      // The arrow that points toward the end of the line goes forward, so Arabic readers get the mirror.
      const towardEnd = (event.key === 'ArrowRight') !== rtl;
      go(towardEnd ? 1 : -1);
      return;
    }
    trapKeys(event);
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (!Number.isFinite(dx) || Math.abs(dx) <= SWIPE_THRESHOLD_PX) return;
    // Swiping the picture toward the start of the line brings the next one in.
    const towardStart = rtl ? dx > 0 : dx < 0;
    go(towardStart ? 1 : -1);
  };

  if (!image) return null;
  return createPortal(
    <div
      ref={ref}
      className="image-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('posts.media.viewer')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="icon-button image-viewer__close"
        aria-label={t('posts.media.close')}
        onClick={onClose}
        data-autofocus
      >
        <CloseIcon />
      </button>
      <p className="image-viewer__counter" aria-live="polite">
        {t('posts.media.counter', {
          n: numberFormat(i18n.language).format(index + 1),
          total: numberFormat(i18n.language).format(total),
        })}
      </p>
      <div
        className="image-viewer__stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <SafeImage key={image.url} src={image.url} alt={image.alt} className="image-viewer__image" draggable={false} />
      </div>
      {total > 1 ? (
        <>
          <button
            type="button"
            className="icon-button image-viewer__nav image-viewer__nav--prev"
            aria-label={t('posts.media.previous')}
            disabled={index === 0}
            onClick={() => go(-1)}
          >
            <ChevronStartIcon />
          </button>
          <button
            type="button"
            className="icon-button image-viewer__nav image-viewer__nav--next"
            aria-label={t('posts.media.next')}
            disabled={index === total - 1}
            onClick={() => go(1)}
          >
            <ChevronEndIcon />
          </button>
        </>
      ) : null}
    </div>,
    document.body,
  );
}
