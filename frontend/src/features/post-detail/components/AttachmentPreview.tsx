import { useEffect, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { CloseIcon } from '@/ui/icons';

import { attachmentKind } from '../commentRules';

/** An object URL for a picked image, released when the preview goes away. */
function usePreviewUrl(file: File, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || typeof URL.createObjectURL !== 'function') return;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, enabled]);
  return url;
}

/** One file waiting in the reply composer, with its remove button. */
export function AttachmentPreview({
  file,
  onRemove,
  disabled,
}: {
  file: File;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const kind = attachmentKind(file);
  const url = usePreviewUrl(file, kind === 'image');
  return (
    <li className="reply-attachment">
      {url ? (
        <img className="reply-attachment__thumb" src={url} alt="" />
      ) : (
        <span className="reply-attachment__kind">{t(`postDetail.composer.kind.${kind ?? 'file'}`)}</span>
      )}
      <span className="reply-attachment__name" dir="auto">
        {file.name}
      </span>
      <button
        type="button"
        className="icon-button reply-attachment__remove"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('postDetail.composer.remove', { name: file.name })}
      >
        <CloseIcon />
      </button>
    </li>
  );
}
