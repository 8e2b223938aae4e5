import { type FormEvent, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField } from '@/ui/TextField';

export const REASON_MAX = 500;

export interface ReasonDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Asks for the reason a moderator's action is recorded with (remove, mute, ban): it goes in the audit log. */
export function ReasonDialog({ title, body, confirmLabel, busy, onConfirm, onCancel }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setMissing(true);
    onConfirm(text);
  };

  return (
    <Dialog role="alertdialog" title={title} onClose={onCancel}>
      <form className="dialog__body community-reason" onSubmit={submit} noValidate>
        <p>{body}</p>
        <TextAreaField
          label={t('communities.reason.label')}
          value={reason}
          rows={3}
          maxLength={REASON_MAX}
          placeholder={t('communities.reason.placeholder')}
          error={missing ? t('communities.reason.required') : undefined}
          onValueChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
        />
        <FormActions
          cancelLabel={t('communities.cancel')}
          onCancel={onCancel}
          confirmLabel={confirmLabel}
          busy={busy}
          danger
          focusCancel
        />
      </form>
    </Dialog>
  );
}
