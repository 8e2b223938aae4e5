import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlockUserMutation, useReportPostMutation } from '../api';
import { Dialog } from './Dialog';

/** Reasons longer than this are refused by the server too. */
export const REPORT_REASON_MAX = 500;

export function DeleteDialog({ busy, onCancel, onConfirm }: { busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('posts.dialog.deleteTitle')} onClose={onCancel}>
      <p>{t('posts.dialog.deleteBody')}</p>
      <div className="post-dialog__actions">
        <button type="button" className="button button--quiet" onClick={onCancel} data-autofocus>
          {t('posts.dialog.cancel')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {t('posts.dialog.deleteConfirm')}
        </button>
      </div>
    </Dialog>
  );
}

/** Report asks for a reason (the moderators need one) and closes once the report is filed. */
export function ReportDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, { isLoading }] = useReportPostMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError(t('posts.dialog.reportReasonRequired'));
    if (trimmed.length > REPORT_REASON_MAX) return setError(t('posts.dialog.reportReasonTooLong'));
    void report({ id: postId, reason: trimmed })
      .unwrap()
      .then(onClose)
      .catch(() => undefined);
  };

  return (
    <Dialog title={t('posts.dialog.reportTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className="field__label">
          {t('posts.dialog.reportReason')}
        </label>
        <textarea
          id={fieldId}
          className="field__input post-dialog__textarea"
          value={reason}
          rows={3}
          dir="auto"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="post-dialog__actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            {t('posts.dialog.cancel')}
          </button>
          <button type="submit" className="button" disabled={isLoading}>
            {t('posts.dialog.reportSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function BlockDialog({ userId, username, onClose }: { userId: string; username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [block, { isLoading }] = useBlockUserMutation();
  return (
    <Dialog title={t('posts.dialog.blockTitle', { username })} onClose={onClose}>
      <p>{t('posts.dialog.blockBody')}</p>
      <div className="post-dialog__actions">
        <button type="button" className="button button--quiet" onClick={onClose} data-autofocus>
          {t('posts.dialog.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={isLoading}
          onClick={() => {
            void block({ userId, username })
              .unwrap()
              .then(onClose)
              .catch(() => undefined);
          }}
        >
          {t('posts.dialog.blockConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
