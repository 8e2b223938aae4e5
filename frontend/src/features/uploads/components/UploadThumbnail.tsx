import './upload-thumbnail.css';

import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { CheckIcon, CloseIcon, ImageIcon, PauseIcon, PlayIcon, RetryIcon, VideoIcon } from '@/ui/icons';

import type { UploadItem } from '../uploadItem';
import { useObjectUrl } from '../useObjectUrl';
import type { UploadItemActions } from './UploadItemRow';

const RADIUS = 17;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The upload's progress as a ring: the share of chunks the server acknowledged while uploading or
 * paused, a turning arc while the file waits or is prepared (no value to tell yet).
 */
function ProgressRing({ item, label }: { item: UploadItem; label: string }) {
  const known = item.status === 'uploading' || item.status === 'paused';
  const fraction = known ? item.progress / 100 : 0.25;
  return (
    <span
      className={`upload-thumb__ring${known ? '' : ' upload-thumb__ring--busy'}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? item.progress : undefined}
    >
      <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle className="upload-thumb__track" cx="20" cy="20" r={RADIUS} />
        <circle
          className="upload-thumb__arc"
          cx="20"
          cy="20"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
        />
      </svg>
    </span>
  );
}

/**
 * One picked photo or video before it is sent: the file itself (an object URL of the file as
 * picked, revoked when the tile goes: removed, sent, or the screen left), its upload progress as a
 * ring over it, pause, resume or retry in the ring, and a remove button. The state is spoken, not
 * shown as text; a failure's reason is shown under the tile.
 */
export function UploadThumbnail({ item, onPause, onResume, onRemove }: { item: UploadItem } & UploadItemActions) {
  const { t } = useTranslation();
  // The file as picked: the resized copy that replaces an image once prepared looks the same.
  const [picked] = useState(item.file);
  const url = useObjectUrl(picked);
  const file = picked.name;
  const alt = t('uploads.thumbnail', { file });
  const action =
    item.status === 'uploading'
      ? { label: t('uploads.pauseFile', { file }), Icon: PauseIcon, run: onPause }
      : item.status === 'paused'
        ? { label: t('uploads.resumeFile', { file }), Icon: PlayIcon, run: onResume }
        : item.status === 'failed'
          ? { label: t('uploads.retryFile', { file }), Icon: RetryIcon, run: onResume }
          : null;

  return (
    <li className={`upload-thumb upload-thumb--${item.status}`} data-status={item.status}>
      <div className="upload-thumb__frame">
        {!url ? (
          <span className="upload-thumb__media upload-thumb__media--none" role="img" aria-label={alt}>
            {item.type === 'image' ? <ImageIcon /> : <VideoIcon />}
          </span>
        ) : item.type === 'image' ? (
          <img className="upload-thumb__media" src={url} alt={alt} />
        ) : (
          // A moment in, so that browsers which paint no frame at 0 still show a picture.
          <video
            className="upload-thumb__media"
            src={`${url}#t=0.1`}
            muted
            playsInline
            preload="metadata"
            aria-label={alt}
          />
        )}
        <span className="visually-hidden">{t(`uploads.status.${item.status}`)}</span>
        {item.status === 'completed' ? (
          <span className="upload-thumb__done" aria-hidden="true">
            <CheckIcon />
          </span>
        ) : (
          <span className="upload-thumb__veil">
            {item.status === 'failed' ? null : (
              <ProgressRing item={item} label={t('uploads.progressLabel', { file })} />
            )}
            {action ? (
              <button
                type="button"
                className="upload-thumb__action"
                aria-label={action.label}
                onClick={() => action.run(item.id)}
              >
                <action.Icon />
              </button>
            ) : null}
          </span>
        )}
        {onRemove ? (
          <button
            type="button"
            className="upload-thumb__remove"
            aria-label={t('uploads.removeFile', { file })}
            onClick={() => onRemove(item.id)}
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
      {item.error ? (
        <p className="upload-thumb__error" role="alert">
          {item.error}
        </p>
      ) : null}
    </li>
  );
}
