import { useTranslation } from '@/i18n/useTranslation';

import { useDeleteVideoDraftMutation, useGetVideoDraftsQuery, type VideoDraft } from '../api';

/** The member's server drafts, newest first, to reopen or delete. */
export function DraftsList({ onOpen, disabled }: { onOpen: (draft: VideoDraft) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const { data: drafts = [] } = useGetVideoDraftsQuery();
  const [remove] = useDeleteVideoDraftMutation();
  return (
    <details className="video-compose__drafts">
      <summary>{t('videos.compose.drafts', { count: drafts.length })}</summary>
      {drafts.length === 0 ? <p className="muted">{t('videos.compose.noDrafts')}</p> : null}
      <ul>
        {drafts.map((draft) => (
          <li key={draft.id}>
            <span className="video-compose__draft-caption">{draft.caption || t('videos.compose.untitledDraft')}</span>
            {draft.videoFile ? <span className="muted"> · {draft.videoFile.name}</span> : null}
            <span className="video-compose__draft-actions">
              <button type="button" className="button button--quiet" disabled={disabled} onClick={() => onOpen(draft)}>
                {t('videos.compose.openDraft')}
              </button>
              <button
                type="button"
                className="button button--quiet"
                disabled={disabled}
                onClick={() => void remove(draft.id)}
              >
                {t('videos.compose.deleteDraft')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
