import { useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOffIcon } from '../../../ui/icons';

/** An image that turns into a labelled placeholder when it fails to load (§2: broken images). */
export function SafeImage({ src, alt, className, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <span className={`post-media__placeholder ${className ?? ''}`} role="img" aria-label={t('posts.media.imageUnavailable')}>
        <ImageOffIcon />
        <span aria-hidden="true">{t('posts.media.imageUnavailable')}</span>
      </span>
    );
  }
  return <img {...rest} className={className} src={src} alt={alt} onError={() => setFailedSrc(src)} />;
}
