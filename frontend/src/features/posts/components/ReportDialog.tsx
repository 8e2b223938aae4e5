import './report-dialog.css';

import { type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { type ReportTarget, useReportMutation } from '@/resources/posts';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField } from '@/ui/TextField';

import { REASON_KEYS, REPORT_DETAILS_MAX, type ReportReason, reportReasonText } from '../report-reasons';

/**
 * Report asks for a reason (the moderators need one) and closes once the report is filed. The same
 * dialog files a post, a comment, a member or a message; the toasts (success, or the server's reason
 * for refusing) come from the report call itself, and a refusal keeps the dialog as it was.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const [report, { isLoading }] = useReportMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setReasonError(t(`posts.report.${target.type}.required`));
    const words = details.trim();
    // "Other" alone tells the moderators nothing.
    if (reason === 'other' && !words) return setDetailsError(t('posts.report.detailsRequired'));
    if (words.length > REPORT_DETAILS_MAX)
      return setDetailsError(t('posts.report.tooLong', { max: REPORT_DETAILS_MAX }));
    void report({ target, reason: reportReasonText(reason, words) })
      .unwrap()
      .then(onClose)
      .catch(() => undefined);
  };

  const choose = (next: ReportReason) => {
    setReason(next);
    setReasonError(null);
    // A "required" error no longer applies once the reason changes; a real one comes back on submit.
    setDetailsError(null);
  };

  return (
    <Dialog title={t(`posts.report.${target.type}.title`)} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="report-reasons" aria-describedby={reasonError ? `${id}-error` : undefined}>
          <legend className="field__label">{t(`posts.report.${target.type}.reason`)}</legend>
          {REASON_KEYS.map((key) => (
            <label key={key} className="report-reasons__option">
              <input
                type="radio"
                name={`${id}-reason`}
                value={key}
                checked={reason === key}
                required
                onChange={() => choose(key)}
              />
              <span>{t(`posts.report.reasons.${key}`)}</span>
            </label>
          ))}
          {reasonError ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        {/* Mounted once a reason is chosen and kept across changes of reason, so typed words survive. */}
        {reason ? (
          <TextAreaField
            label={t(reason === 'other' ? 'posts.report.detailsOther' : 'posts.report.details')}
            value={details}
            rows={3}
            required={reason === 'other'}
            error={detailsError ?? undefined}
            onValueChange={(value) => {
              setDetails(value);
              setDetailsError(null);
            }}
          />
        ) : null}
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
