import { type ChangeEvent, useEffect, useId, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { CameraIcon } from '@/ui/icons';

import { validateImageFile } from '../validation';

interface Props {
  label: string;
  /** The picture shown until a new one is picked. */
  currentUrl: string | null | undefined;
  file: File | null;
  onPick: (file: File | null) => void;
  variant: 'avatar' | 'banner';
}

/** Object URL for a picked file, revoked when the file changes or the picker goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** A photo or banner picker with a preview; a non-image or a 5MB file is refused with the spec's message. */
export function ImagePicker({ label, currentUrl, file, onPick, variant }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = usePreview(file);
  const shown = preview ?? currentUrl ?? null;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    // The same file can be picked again after an error.
    event.target.value = '';
    if (!picked) return;
    const problem = validateImageFile(picked);
    if (problem) {
      setError(t(`profile.validation.${problem}`));
      return;
    }
    setError(null);
    onPick(picked);
  };

  return (
    <div className={`image-picker image-picker--${variant}`}>
      <div className="image-picker__preview">
        {shown ? <img src={shown} alt={t('profile.edit.previewAlt', { label })} /> : null}
      </div>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/*"
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label className="image-picker__button" htmlFor={id}>
        <CameraIcon />
        <span>{label}</span>
      </label>
      {file ? (
        <button type="button" className="link-button image-picker__undo" onClick={() => onPick(null)}>
          {t('profile.edit.undoPicture')}
        </button>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
