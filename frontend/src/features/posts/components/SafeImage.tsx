import { type ImgHTMLAttributes, useEffect, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { ImageOffIcon } from '@/ui/icons';

type SafeImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** What the placeholder says; 'Image not available' by default. */
  unavailableLabel?: string;
};

/**
 * Waits before each new attempt after a failed load. A photo posted a moment ago may still be
 * processing (the server answers 404 until its sizes are made, more slowly on a busy server):
 * the member's own new post would otherwise show it as missing until a reload.
 */
export const IMAGE_RETRY_MS = [1000, 2000, 4000];

/** An image that turns into a labelled placeholder when it fails to load (§2: broken images). */
export function SafeImage({ src, alt, className, unavailableLabel, ...rest }: SafeImageProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<{ src: string; times: number; waiting: boolean } | null>(null);
  const failed = failure?.src === src ? failure : null;
  const times = failed?.times ?? 0;
  const waiting = failed?.waiting ?? false;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setFailure({ src, times, waiting: false }), IMAGE_RETRY_MS[times - 1]);
    return () => clearTimeout(timer);
  }, [src, times, waiting]);

  if (waiting || times > IMAGE_RETRY_MS.length) {
    const label = waiting ? t('posts.media.imageLoading') : (unavailableLabel ?? t('posts.media.imageUnavailable'));
    return (
      <span className={`post-media__placeholder ${className ?? ''}`} role="img" aria-label={label}>
        <ImageOffIcon />
        <span aria-hidden="true">{label}</span>
      </span>
    );
  }
  return (
    <img
      {...rest}
      // A new element for each attempt, so the browser asks again.
      key={times}
      className={className}
      src={src}
      alt={alt}
      onError={() => setFailure({ src, times: times + 1, waiting: times < IMAGE_RETRY_MS.length })}
    />
  );
}
