import './lesson-video.css';

import { useRef } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import type { LessonVideo } from './useLessonVideo';

/** The fewest milliseconds between two renewals of the URLs: a file that fails for another reason does not loop. */
const RENEW_MIN_MS = 10_000;

/**
 * What the teacher's students will see of a lesson video, once the worker has processed it: the
 * video with its poster, at the URLs the lesson player gets for the course's teacher (signed for
 * them while a locked lesson shows it; a failure after they expired asks for new ones). Before
 * that, the poster when prepared and a note that the preview comes when the video is ready.
 */
export function LessonVideoPreview({ video, title }: { video: LessonVideo; title: string }) {
  const { t } = useTranslation();
  const renewedAt = useRef(0);
  const { preview } = video;
  const label = t('learning.editor.videoPreview', { title: title.trim() || t('learning.editor.untitled') });

  if (video.loading)
    return (
      <p className="field__hint" role="status">
        {t('learning.editor.previewLoading')}
      </p>
    );
  if (video.failed || !preview)
    return (
      <p className="field__error" role="alert">
        {t('learning.editor.previewUnavailable')}
      </p>
    );
  if (preview.status === 'failed')
    return (
      <p className="field__error" role="alert">
        {t('learning.editor.videoFailed', { reason: preview.error ?? t('learning.editor.uploadFailed') })}
      </p>
    );
  if (preview.status === 'processing' || !preview.url)
    return (
      <figure className="lesson-video-preview">
        {preview.posterUrl ? <img className="lesson-video-preview__media" src={preview.posterUrl} alt={label} /> : null}
        <figcaption className="field__hint" role="status">
          {t('learning.editor.videoProcessing')}
        </figcaption>
      </figure>
    );
  return (
    <figure className="lesson-video-preview">
      <video
        className="lesson-video-preview__media"
        src={preview.url}
        poster={preview.posterUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        onError={() => {
          if (Date.now() - renewedAt.current < RENEW_MIN_MS) return;
          renewedAt.current = Date.now();
          video.refresh();
        }}
      />
    </figure>
  );
}
