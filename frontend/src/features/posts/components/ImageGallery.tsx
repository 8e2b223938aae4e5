import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { ImageViewer, type ViewerImage } from './ImageViewer';
import { SafeImage } from './SafeImage';

/** §2 image gallery: a layout for 1, 2, 3 or 4 images; each opens the full-screen viewer. */
export function ImageGallery({ urls, captions = [] }: { urls: string[]; captions?: string[] | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const shown = urls.slice(0, 4);
  if (shown.length === 0) return null;
  const images: ViewerImage[] = shown.map((url, i) => ({
    url,
    alt: captions[i]?.trim() || t('posts.media.imageAlt', { n: i + 1, total: shown.length }),
  }));
  return (
    <>
      <div className={`post-gallery post-gallery--${shown.length}`}>
        {images.map((image, i) => (
          <button
            key={`${image.url}-${i}`}
            type="button"
            className="post-gallery__item"
            aria-label={t('posts.media.openImage', { n: i + 1, total: shown.length })}
            onClick={() => setOpen(i)}
          >
            <SafeImage src={image.url} alt={image.alt} loading="lazy" className="post-gallery__image" />
          </button>
        ))}
      </div>
      {open !== null ? <ImageViewer images={images} start={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
