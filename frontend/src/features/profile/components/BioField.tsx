import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_LIMITS } from '../validation';

/** The bio with its live 'n/160' counter. */
export function BioField({ value, onValueChange, error }: { value: string; onValueChange: (value: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const over = value.length > PROFILE_LIMITS.bio;
  const described = [`${id}-counter`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('profile.edit.bio')}
      </label>
      <textarea
        id={id}
        className="field__input profile-bio-input"
        rows={3}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described}
      />
      <p id={`${id}-counter`} className={`field__hint profile-bio-counter ${over ? 'profile-bio-counter--over' : ''}`}>
        {t('profile.edit.bioCounter', { count: value.length, max: PROFILE_LIMITS.bio })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
