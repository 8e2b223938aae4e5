import { useState } from 'react';

import { hashInWorker, runChunkedUpload } from '@/features/uploads';
import { useTranslation } from '@/i18n/useTranslation';

import type { ImageChoice } from '../editor/communityForm';

/**
 * An image picker that sends the file through the app's chunked upload (purpose 'image') at once and
 * hands back its media id; Remove sets it to null (the server drops the image).
 */
export function ImageField({
  label,
  value,
  onChange,
  onBusy,
}: {
  label: string;
  value: ImageChoice;
  onChange: (value: ImageChoice) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setFailed(null);
    setPercent(0);
    onBusy(true);
    try {
      const { mediaId } = await runChunkedUpload({
        file,
        purpose: 'image',
        hash: hashInWorker,
        onProgress: ({ uploadedChunks, totalChunks }) => setPercent(Math.round((uploadedChunks / totalChunks) * 100)),
      });
      onChange({ mediaId, previewUrl: URL.createObjectURL(file) });
    } catch (error) {
      setFailed(error instanceof Error && error.message ? error.message : t('communities.editor.uploadFailed'));
    } finally {
      setPercent(null);
      onBusy(false);
    }
  }

  return (
    <div className="field image-field">
      <label className="field__label community-file">
        {label}
        <input
          className="community-file__input"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={percent !== null}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <span className="community-file__face" aria-hidden="true">
          <span className="button button--quiet button--small">{t('communities.editor.chooseImage')}</span>
        </span>
      </label>
      {percent !== null ? (
        <p className="field__hint" role="status">
          {t('communities.editor.uploading', { percent })}
        </p>
      ) : null}
      {value.previewUrl && percent === null ? (
        <div className="image-field__preview">
          <img src={value.previewUrl} alt="" />
          <button
            type="button"
            className="link-button"
            aria-label={t('communities.editor.removeImage', { label })}
            onClick={() => onChange({ mediaId: null, previewUrl: null })}
          >
            {t('communities.editor.remove')}
          </button>
        </div>
      ) : null}
      {failed ? (
        <p className="field__error" role="alert">
          {t('communities.editor.uploadFailed')}: {failed}
        </p>
      ) : null}
    </div>
  );
}
