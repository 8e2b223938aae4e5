import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { PasswordField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useDeleteAccountMutation } from '../accountApi';

/** Deleting the account cannot be undone, so it asks again and wants the password. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(t('profile.deleteAccount.passwordRequired'));
      return;
    }
    setError(null);
    try {
      await deleteAccount({ password }).unwrap();
    } catch (failure) {
      setError(serverMessage(failure) ?? t('profile.deleteAccount.failed'));
      return;
    }
    toast(t('profile.deleteAccount.done'), 'success');
    void navigate('/auth', { replace: true });
  };

  return (
    <Dialog
      title={t('profile.deleteAccount.title')}
      onClose={onClose}
      closeLabel={t('profile.close')}
      className="dialog--wide"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <p>{t('profile.deleteAccount.warning')}</p>
        <PasswordField
          label={t('profile.deleteAccount.password')}
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          data-autofocus
        />
        {error ? (
          <p className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        <FormActions
          cancelLabel={t('profile.cancel')}
          onCancel={onClose}
          confirmLabel={t('profile.deleteAccount.confirm')}
          busy={isLoading}
          busyLabel={t('profile.deleteAccount.deleting')}
          danger
        />
      </form>
    </Dialog>
  );
}
