import { type FormEvent, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { emailProblem } from '../amount';
import { useNotifyDonationsOpenMutation } from '../api/supportApi';

/**
 * Donations are paused (§2, §4): the donate action asks to be told when they open. A guest gives an
 * email address (§5); a signed-in member is written down by their account and sends none.
 */
export function NotifyDialog({ signedIn, onClose }: { signedIn: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [notify, { isLoading }] = useNotifyDonationsOpenMutation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      const problem = emailProblem(email);
      if (problem) return setEmailError(t(`support.notify.email_${problem}`));
      setEmailError(undefined);
    }
    const result = await notify(signedIn ? {} : { email: email.trim() });
    if ('error' in result) {
      toast(serverMessage(result.error) ?? t('support.notify.failed'), 'error', t('support.notify.failedTitle'));
      return;
    }
    // Already on the list is still a success: nothing more to do.
    toast(result.data.subscribed ? t('support.notify.success') : t('support.notify.already'), 'success');
    onClose();
  }

  return (
    <Dialog title={t('support.notify.title')} onClose={onClose} closeLabel={t('support.close')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">{t('support.notify.paused')}</p>
        <p className="muted">{t('support.notify.methods')}</p>
        {signedIn ? (
          <p>{t('support.notify.member')}</p>
        ) : (
          <TextField
            label={t('support.notify.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              if (emailError && !emailProblem(value)) setEmailError(undefined);
            }}
            error={emailError}
          />
        )}
        <FormActions
          cancelLabel={t('support.cancel')}
          onCancel={onClose}
          confirmLabel={t('support.notify.submit')}
          busy={isLoading}
          busyLabel={t('support.notify.submitting')}
        />
      </form>
    </Dialog>
  );
}
