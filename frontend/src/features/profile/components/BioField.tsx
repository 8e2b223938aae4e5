import { useTranslation } from '@/i18n/useTranslation';
import { TextAreaField } from '@/ui/TextField';

import { PROFILE_LIMITS } from '../validation';

/** The bio with its live 'n/160' counter. */
export function BioField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const over = value.length > PROFILE_LIMITS.bio;
  return (
    <TextAreaField
      label={t('profile.edit.bio')}
      value={value}
      rows={3}
      onValueChange={onValueChange}
      error={error}
      invalid={over}
      hint={t('profile.edit.bioCounter', { count: value.length, max: PROFILE_LIMITS.bio })}
      hintClassName={over ? 'profile-bio-counter profile-bio-counter--over' : 'profile-bio-counter'}
    />
  );
}
