import '../uploads.css';

import { useEffect, useRef } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import type { AdmitRules } from '../admitFiles';
import { DEFAULT_ADMIT_RULES } from '../admitFiles';
import type { MediaUploader as Uploader } from '../useMediaUploader';
import { UploadItemRow } from './UploadItemRow';

/**
 * The §5 media uploader's picker and file list, over a `useMediaUploader()` the caller owns (so the
 * caller reads the media ids). Shows 'Upload completed' or 'Upload failed' once every file has settled.
 */
export function MediaUploader({
  uploader,
  rules = DEFAULT_ADMIT_RULES,
  disabled = false,
}: {
  uploader: Uploader;
  rules?: AdmitRules;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const { items } = uploader;
  const busy = items.some((i) => i.status === 'uploading' || i.status === 'processing' || i.status === 'pending');
  const wasBusy = useRef(false);

  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current && items.length > 0) {
      wasBusy.current = false;
      if (items.some((i) => i.status === 'failed')) toast(t('uploads.batchFailed'), 'error');
      else if (items.every((i) => i.status === 'completed')) toast(t('uploads.batchCompleted'), 'success');
    }
  }, [busy, items, t, toast]);

  return (
    <div className="media-uploader">
      <input
        ref={input}
        type="file"
        multiple={rules.maxFiles > 1}
        accept={rules.accept.join(',')}
        hidden
        onChange={(event) => {
          uploader.add(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      <button
        type="button"
        className="button button--quiet"
        disabled={disabled || items.length >= rules.maxFiles}
        onClick={() => input.current?.click()}
      >
        {t('uploads.choose', { count: rules.maxFiles })}
      </button>
      {items.length > 0 ? (
        <ul className="media-uploader__list">
          {items.map((item) => (
            <UploadItemRow
              key={item.id}
              item={item}
              onPause={uploader.pause}
              onResume={uploader.retry}
              onRemove={uploader.remove}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
