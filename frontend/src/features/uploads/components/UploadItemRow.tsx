import '../uploads.css';

import { useTranslation } from '@/i18n/useTranslation';

import type { UploadItem } from '../uploadItem';

export interface UploadItemActions {
  onPause: (id: string) => void;
  onResume: (id: string) => void;
  onRemove?: (id: string) => void;
}

/** One file of the uploader: name, state, real progress (acknowledged chunks) and what can be done now. */
export function UploadItemRow({ item, onPause, onResume, onRemove }: { item: UploadItem } & UploadItemActions) {
  const { t } = useTranslation();
  const label = t(`uploads.status.${item.status}`);
  return (
    <li className={`upload-item upload-item--${item.status}`} data-status={item.status}>
      <div className="upload-item__head">
        <span className="upload-item__name">{item.file.name}</span>
        <span className="upload-item__status">{label}</span>
      </div>
      {item.status === 'uploading' || item.status === 'paused' || item.status === 'completed' ? (
        <div className="upload-item__progress">
          <progress max={100} value={item.progress} aria-label={t('uploads.progressLabel', { file: item.file.name })} />
          <span>
            {t('uploads.progress', {
              percent: item.progress,
              done: item.uploadedChunks,
              count: item.totalChunks,
            })}
          </span>
        </div>
      ) : null}
      {item.error ? (
        <p className="upload-item__error" role="alert">
          {item.error}
        </p>
      ) : null}
      <div className="upload-item__actions">
        {item.status === 'uploading' ? (
          <button type="button" className="button button--quiet" onClick={() => onPause(item.id)}>
            {t('uploads.pause')}
          </button>
        ) : null}
        {item.status === 'paused' ? (
          <button type="button" className="button button--quiet" onClick={() => onResume(item.id)}>
            {t('uploads.resume')}
          </button>
        ) : null}
        {item.status === 'failed' ? (
          <button type="button" className="button button--quiet" onClick={() => onResume(item.id)}>
            {t('uploads.retry')}
          </button>
        ) : null}
        {onRemove ? (
          <button type="button" className="button button--quiet" onClick={() => onRemove(item.id)}>
            {t('uploads.remove')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
