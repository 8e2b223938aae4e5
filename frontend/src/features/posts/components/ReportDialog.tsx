import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type ReportTarget, useReportMutation } from '@/resources/posts';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField } from '@/ui/TextField';

/** Reasons longer than this are refused by the server too. */
export const REPORT_REASON_MAX = 500;

/**
 * Report asks for a reason (the moderators need one) and closes once the report is filed. The same
 * dialog files a post, a comment, a member or a message; the toasts (success, or the server's reason
 * for refusing) come from the report call itself.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, { isLoading }] = useReportMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setError(t(`posts.report.${target.type}.required`));
    if (trimmed.length > REPORT_REASON_MAX) return setError(t('posts.report.tooLong'));
    void report({ target, reason: trimmed })
      .unwrap()
      .then(onClose)
      .catch(() => undefined);
  };

  return (
    <Dialog title={t(`posts.report.${target.type}.title`)} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label={t(`posts.report.${target.type}.reason`)}
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
          confirmLabel={t('posts.report.submit')}
          busy={isLoading}
        />
      </form>
    </Dialog>
  );
}

/**
 * For a screen that offers Report on many things (comments, messages): `open(target)` shows the one
 * dialog, and `dialog` is rendered once by the screen.
 */
export function useReportDialog(): { open: (target: ReportTarget) => void; dialog: ReactNode } {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const open = useCallback((next: ReportTarget) => setTarget(next), []);
  const dialog = target ? (
    <ReportDialog key={`${target.type}:${target.id}`} target={target} onClose={() => setTarget(null)} />
  ) : null;
  return { open, dialog };
}
