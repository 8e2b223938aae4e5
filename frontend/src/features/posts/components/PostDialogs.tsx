import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useReportPostMutation } from '@/resources/posts';
import { useBlockMemberMutation } from '@/resources/relationships';
import { ConfirmDialog, Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField } from '@/ui/TextField';

/** Reasons longer than this are refused by the server too. */
export const REPORT_REASON_MAX = 500;

export function DeleteDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('posts.dialog.deleteTitle')}
      body={t('posts.dialog.deleteBody')}
      confirmLabel={t('posts.dialog.deleteConfirm')}
      cancelLabel={t('posts.dialog.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** Report asks for a reason (the moderators need one) and closes once the report is filed. */
export function ReportDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation();
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
        <TextAreaField
          label={t('posts.dialog.reportReason')}
          value={reason}
          rows={3}
          error={error ?? undefined}
          onValueChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        <FormActions
          cancelLabel={t('posts.dialog.cancel')}
          onCancel={onClose}
          confirmLabel={t('posts.dialog.reportSubmit')}
          busy={isLoading}
        />
      </form>
    </Dialog>
  );
}

export function BlockDialog({ userId, username, onClose }: { userId: string; username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [block, { isLoading }] = useBlockMemberMutation();
  return (
    <ConfirmDialog
      title={t('posts.dialog.blockTitle', { username })}
      body={t('posts.dialog.blockBody')}
      confirmLabel={t('posts.dialog.blockConfirm')}
      cancelLabel={t('posts.dialog.cancel')}
      busy={isLoading}
      onConfirm={() => {
        void block({ userId, username })
          .unwrap()
          .then(onClose)
          .catch(() => undefined);
      }}
      onCancel={onClose}
    />
  );
}
