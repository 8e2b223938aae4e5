import { useTranslation } from '@/i18n/useTranslation';

import type { MessageView } from '../types';

/** The file of an image, video or voice message, once the server has it ready. */
export function MessageMedia({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const media = message.media;
  if (!media) return null;
  if (media.status === 'failed') return <p className="bubble__media-state">{t('messages.message.mediaFailed')}</p>;
  if (media.status !== 'ready' || !media.url)
    return (
      <p className="bubble__media-state" role="status">
        {t('messages.message.processing')}
      </p>
    );
  if (message.messageType === 'image')
    return (
      <img
        className="bubble__image"
        src={media.url}
        alt={t('messages.message.photo', { name: message.sender.name })}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        loading="lazy"
      />
    );
  if (message.messageType === 'video')
    return (
      <video
        className="bubble__video"
        src={media.url}
        poster={media.posterUrl ?? undefined}
        controls
        preload="metadata"
      />
    );
  return (
    <audio
      className="bubble__audio"
      src={media.url}
      controls
      preload="metadata"
      aria-label={t('messages.message.voice')}
    />
  );
}
