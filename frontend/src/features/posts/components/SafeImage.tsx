import { type ImgHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ImageOffIcon } from '@/ui/icons';

type SafeImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** What the placeholder says; 'Image not available' by default. */
  unavailableLabel?: string;
};

/** An image that turns into a labelled placeholder when it fails to load (§2: broken images). */
export function SafeImage({ src, alt, className, unavailableLabel, ...rest }: SafeImageProps) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    const label = unavailableLabel ?? t('posts.media.imageUnavailable');
    return (
      <span className={`post-media__placeholder ${className ?? ''}`} role="img" aria-label={label}>
        <ImageOffIcon />
        <span aria-hidden="true">{label}</span>
      </span>
    );
  }
  return <img {...rest} className={className} src={src} alt={alt} onError={() => setFailedSrc(src)} />;
}
