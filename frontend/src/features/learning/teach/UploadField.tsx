import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { uploadFile, type UploadPurpose } from './uploadFile';

/** A file picker that uploads at once and hands back the media id (or null when removed). */
export function UploadField({
  label,
  accept,
  purpose,
  mediaId,
  previewUrl,
  kind,
  onChange,
}: {
  label: string;
  accept: string;
  purpose: UploadPurpose;
  mediaId: string | null;
  previewUrl?: string | null;
  kind: 'image' | 'video';
  onChange: (mediaId: string | null, localUrl: string | null) => void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const id = await uploadFile(file, purpose, setProgress);
      // An image is shown from the file at once; a video is previewed once processed (LessonVideoPreview).
      onChange(id, kind === 'image' && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('learning.editor.uploadFailed'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="field">
      <label className="field__label file-picker">
        {label}
        {/* The browser's own control speaks the browser's language and has a fixed width: ours is
            drawn instead, over the real input (still the one focused and announced). */}
        <input
          className="file-picker__input"
          type="file"
          accept={accept}
          disabled={progress !== null}
          onChange={(e) => {
            setChosen(e.target.files?.[0]?.name ?? null);
            void pick(e.target.files?.[0]);
          }}
        />
        <span className="file-picker__face" aria-hidden="true">
          <span className="button button--quiet button--small">{t('learning.editor.chooseFile')}</span>
          <span className="file-picker__name">{chosen ?? t('learning.editor.noFile')}</span>
        </span>
      </label>
      {progress !== null ? (
        <p className="field__hint" role="status">
          {t('learning.editor.uploading', { percent: Math.round(progress * 100) })}
        </p>
      ) : null}
      {mediaId && progress === null ? (
        <div className="editor__row">
          {previewUrl && kind === 'image' ? (
            <img src={previewUrl} alt="" style={{ maxInlineSize: '8rem', borderRadius: 8 }} />
          ) : null}
          <span className="muted">{t('learning.editor.uploaded')}</span>
          <button type="button" className="link-button" onClick={() => onChange(null, null)}>
            {t('learning.editor.remove')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {t('learning.editor.uploadFailed')}: {error}
        </p>
      ) : null}
    </div>
  );
}
