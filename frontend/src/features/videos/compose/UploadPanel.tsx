import { useTranslation } from '@/i18n/useTranslation';

import type { UploadItem } from '../../uploads';
import type { ComposerPhase } from './useVideoComposer';

/** §2 upload progress panel: real progress from acknowledged chunks, with pause, resume and retry. */
export function UploadPanel({
  item,
  phase,
  onPause,
  onResume,
}: {
  item: UploadItem | null;
  phase: ComposerPhase;
  onPause: () => void;
  onResume: () => void;
}) {
  const { t } = useTranslation();
  if (!item || phase === 'idle' || phase === 'reading') return null;
  const percent = phase === 'posted' ? 100 : item.progress;
  const hashing = phase === 'uploading' && item.totalChunks === 0;
  return (
    <section className="video-compose__progress" aria-label={t('videos.compose.uploadProgress')}>
      <progress max={100} value={percent} aria-label={t('videos.compose.uploadProgress')} />
      <p className="video-compose__progress-text" data-testid="upload-progress">
        {hashing
          ? t('videos.compose.checksumming')
          : t('videos.compose.uploadDetail', { percent, done: item.uploadedChunks, count: item.totalChunks })}
      </p>
      {phase === 'paused' ? <p role="status">{t('videos.compose.paused')}</p> : null}
      <div className="video-compose__progress-actions">
        {phase === 'uploading' ? (
          <button type="button" className="button button--quiet" onClick={onPause}>
            {t('videos.compose.pause')}
          </button>
        ) : null}
        {phase === 'paused' ? (
          <button type="button" className="button" onClick={onResume}>
            {t('videos.compose.resume')}
          </button>
        ) : null}
        {phase === 'failed' ? (
          <button type="button" className="button" onClick={onResume}>
            {t('videos.compose.retry')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
