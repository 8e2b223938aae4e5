import { type FormEvent, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useLoginMutation } from '@/resources/session';
import { PasswordField, TextField } from '@/ui/TextField';

import { loginErrorText } from '../errors';
import { type FieldErrors, hasErrors, type LoginValues, validateLogin } from '../validation';

export interface LoginFormProps {
  initialUsername?: string;
  onSuccess: () => void;
  onForgotPassword: () => void;
}

export function LoginForm({ initialUsername = '', onSuccess, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation();
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ username: initialUsername, password: '' });
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: keyof LoginValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await login({ emailOrUsername: values.username.trim(), password: values.password, rememberMe }).unwrap();
      onSuccess();
    } catch (error) {
      setFormError(loginErrorText(error, t));
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('auth.signInTab')}>
      <TextField
        label={t('auth.usernameOrEmail')}
        name="username"
        autoComplete="username"
        value={values.username}
        onValueChange={set('username')}
        error={errors.username ? t(errors.username) : undefined}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        value={values.password}
        onValueChange={set('password')}
        error={errors.password ? t(errors.password) : undefined}
      />
      <div className="form__row">
        <label className="checkbox">
          <input
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.target.checked)}
          />
          {t('auth.rememberMe')}
        </label>
        <button type="button" className="link-button" onClick={onForgotPassword}>
          {t('auth.forgotPassword')}
        </button>
      </div>
      {formError ? (
        <p className="form__error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button--block" disabled={isLoading}>
        {isLoading ? t('auth.signingIn') : t('auth.signInButton')}
      </button>
    </form>
  );
}
