import type { TFunction } from 'i18next';
import { useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { CloseIcon, FileIcon, ImageIcon } from '@/ui/icons';

import { type ComposerMediaItem, orderedMedia } from '../draft/draft';
import { formatClock, formatMegabytes } from '../format';
import { COMPOSE_LIMITS } from '../limits';

interface Props {
  media: ComposerMediaItem[];
  disabled: boolean;
  onRemove: (id: string) => void;
  onCaption: (id: string, caption: string) => void;
}

function displayName(t: TFunction, item: ComposerMediaItem): string {
  return item.recorded ? t('compose.voiceMessage') : item.file.name;
}

function ImageAttachment({
  item,
  n,
  disabled,
  onCaption,
}: {
  item: ComposerMediaItem;
  n: number;
  disabled: boolean;
  onCaption: Props['onCaption'];
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      {item.preview ? (
        <img className="compose__thumb" src={item.preview} alt={t('compose.imageAlt', { n, name: item.file.name })} />
      ) : (
        <span
          className="compose__thumb compose__thumb--blank"
          role="img"
          aria-label={t('compose.imageAlt', { n, name: item.file.name })}
        >
          <ImageIcon />
        </span>
      )}
      <label className="visually-hidden" htmlFor={id}>
        {t('compose.caption', { n })}
      </label>
      <input
        id={id}
        className="field__input compose__caption"
        value={item.caption}
        maxLength={COMPOSE_LIMITS.captionMax}
        placeholder={t('compose.captionPlaceholder')}
        disabled={disabled}
        aria-describedby={`${id}-count`}
        onChange={(e) => onCaption(item.id, e.target.value)}
      />
      <span id={`${id}-count`} className="compose__caption-count muted">
        {t('compose.captionCount', { count: item.caption.length, max: COMPOSE_LIMITS.captionMax })}
      </span>
      {item.compressed ? <span className="compose__badge">{t('compose.compressed')}</span> : null}
    </>
  );
}

/** Previews of what will be attached, each with a remove button; photos take a caption (§5: 100). */
export function AttachmentList({ media, disabled, onRemove, onCaption }: Props) {
  const { t, i18n } = useTranslation();
  if (media.length === 0) return null;
  let imageNumber = 0;
  return (
    <ul className="compose__attachments" aria-label={t('compose.attachments')}>
      {orderedMedia(media).map((item) => {
        const size = formatMegabytes(item.file.size, i18n.language);
        const name = displayName(t, item);
        return (
          <li key={item.id} className={`compose__attachment compose__attachment--${item.type}`}>
            {item.type === 'image' ? (
              <ImageAttachment item={item} n={++imageNumber} disabled={disabled} onCaption={onCaption} />
            ) : null}
            {item.type === 'video' ? (
              <>
                {item.preview ? (
                  <video
                    className="compose__video"
                    src={item.preview}
                    controls
                    muted
                    preload="metadata"
                    aria-label={name}
                  />
                ) : null}
                <span className="compose__file-name">{name}</span>
                <span className="muted">
                  {item.duration !== null
                    ? t('compose.videoDetails', { duration: formatClock(item.duration, i18n.language), size })
                    : t('compose.fileSize', { size })}
                </span>
              </>
            ) : null}
            {item.type === 'audio' ? (
              <>
                {item.preview ? (
                  <audio className="compose__audio" src={item.preview} controls preload="metadata" aria-label={name} />
                ) : null}
                <span className="compose__file-name">{name}</span>
                <span className="muted">
                  {item.duration !== null ? formatClock(item.duration, i18n.language) : t('compose.fileSize', { size })}
                </span>
              </>
            ) : null}
            {item.type === 'document' ? (
              <>
                <FileIcon />
                <span className="compose__file-name">{name}</span>
                <span className="muted">{t('compose.fileSize', { size })}</span>
              </>
            ) : null}
            <button
              type="button"
              className="icon-button compose__remove"
              aria-label={t('compose.remove', { name })}
              disabled={disabled}
              onClick={() => onRemove(item.id)}
            >
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
