import { type FormEvent, useState } from 'react';

import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';
import { useForgotPasswordMutation } from '@/resources/session';
import { TextField } from '@/ui/TextField';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks for the email and requests a reset link. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [forgot, { isLoading, isSuccess, isError }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<TranslationKey | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setError('validation.emailInvalid');
      return;
    }
    setError(undefined);
    await forgot({ email: email.trim() })
      .unwrap()
      .catch(() => undefined);
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="form__title">
        {t('auth.forgotTitle')}
      </h2>
      <p className="muted">{t('auth.forgotHelp')}</p>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={error ? t(error) : undefined}
      />
      {isSuccess ? (
        <p className="notice notice--success" role="status">
          {t('auth.forgotSent')}
        </p>
      ) : null}
      {isError ? (
        <p className="form__error" role="alert">
          {t('auth.forgotFailed')}
        </p>
      ) : null}
      <button type="submit" className="button button--block" disabled={isLoading}>
        {isLoading ? t('auth.sending') : t('auth.sendResetLink')}
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        {t('auth.backToSignIn')}
      </button>
    </form>
  );
}
