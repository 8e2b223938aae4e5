import { type FormEvent, useId, useState } from 'react';

import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';
import { useRegisterMutation } from '@/resources/session';
import { PasswordField, TextField } from '@/ui/TextField';

import { mapRegisterError } from '../errors';
import { type FieldErrors, hasErrors, type SignupValues, validateSignup } from '../validation';
import { PasswordChecklist } from './PasswordChecklist';

const EMPTY: SignupValues = { name: '', username: '', email: '', password: '', confirmPassword: '' };

export function SignupForm({ onSuccess }: { onSuccess: (username: string) => void }) {
  const { t } = useTranslation();
  const checklistId = useId();
  const [register, { isLoading }] = useRegisterMutation();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof SignupValues, TranslationKey>>>({});
  const [formError, setFormError] = useState<TranslationKey | null>(null);

  const set = (field: keyof SignupValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors<keyof SignupValues> = validateSignup(values);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await register({
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        displayName: values.name.trim(),
      }).unwrap();
      onSuccess(values.username.trim());
    } catch (error) {
      const mapped = mapRegisterError(error);
      if (mapped.field) setErrors({ [mapped.field]: mapped.key });
      else setFormError(mapped.key);
    }
  }

  const err = (field: keyof SignupValues) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('auth.signUpTab')}>
      <TextField
        label={t('auth.fullName')}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={values.name}
        onValueChange={set('name')}
        error={err('name')}
      />
      <TextField
        label={t('auth.username')}
        name="username"
        autoComplete="username"
        maxLength={50}
        value={values.username}
        onValueChange={set('username')}
        error={err('username')}
      />
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={100}
        value={values.email}
        onValueChange={set('email')}
        error={err('email')}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="new-password"
        maxLength={100}
        value={values.password}
        onValueChange={set('password')}
        error={err('password')}
        describedBy={checklistId}
      />
      <PasswordChecklist password={values.password} id={checklistId} />
      <PasswordField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={set('confirmPassword')}
        error={err('confirmPassword')}
      />
      {formError ? (
        <p className="form__error" role="alert">
          {t(formError)}
        </p>
      ) : null}
      <button type="submit" className="button button--block" disabled={isLoading}>
        {isLoading ? t('auth.signingUp') : t('auth.signUpButton')}
      </button>
    </form>
  );
}
