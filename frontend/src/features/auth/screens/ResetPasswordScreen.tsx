import '../auth.css';

import { type FormEvent, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useResetPasswordMutation } from '@/resources/session';
import { PasswordField } from '@/ui/TextField';

import { type FieldErrors, hasErrors, type ResetValues, validateReset } from '../validation';

const INVALID_LINK = /invalid or has expired/i;

export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [values, setValues] = useState<ResetValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetValues>>({});
  const [view, setView] = useState<'form' | 'success' | 'invalid'>('form');
  const [failure, setFailure] = useState<string | null>(null);

  if (!token) return <Navigate to="/?reset=invalid" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateReset(values);
    setErrors(found);
    if (hasErrors(found) || !token) return;
    try {
      await reset({ token, newPassword: values.password }).unwrap();
      setView('success');
    } catch (error) {
      const message = serverMessage(error);
      if (message && INVALID_LINK.test(message)) setView('invalid');
      else setFailure(message ?? t('reset.failed'));
    }
  }

  const set = (field: keyof ResetValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <div className="auth">
      <main className="auth__card card">
        {view === 'success' ? (
          <section aria-labelledby="reset-done">
            <h1 id="reset-done">{t('reset.successTitle')}</h1>
            <p>{t('reset.successBody')}</p>
            <Link className="button button--block" to="/">
              {t('reset.signIn')}
            </Link>
          </section>
        ) : view === 'invalid' ? (
          <section aria-labelledby="reset-invalid">
            <h1 id="reset-invalid">{t('reset.invalidTitle')}</h1>
            <p>{t('reset.invalidBody')}</p>
            <Link className="button button--block" to="/">
              {t('reset.backHome')}
            </Link>
          </section>
        ) : (
          <form className="form" noValidate onSubmit={submit} aria-labelledby="reset-title">
            <h1 id="reset-title" className="form__title">
              {t('reset.title')}
            </h1>
            <PasswordField
              label={t('reset.newPassword')}
              name="newPassword"
              autoComplete="new-password"
              hint={t('reset.help')}
              value={values.password}
              onValueChange={set('password')}
              error={errors.password ? t(errors.password) : undefined}
            />
            <PasswordField
              label={t('reset.confirmPassword')}
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onValueChange={set('confirmPassword')}
              error={errors.confirmPassword ? t(errors.confirmPassword) : undefined}
            />
            {failure ? (
              <p className="form__error" role="alert">
                {failure}
              </p>
            ) : null}
            <button type="submit" className="button button--block" disabled={isLoading}>
              {isLoading ? t('reset.submitting') : t('reset.submit')}
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
