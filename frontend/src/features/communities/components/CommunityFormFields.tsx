import { useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { TextAreaField, TextField } from '@/ui/TextField';

import { type CommunityFormState, FORM_LIMITS, type FormErrorKey } from '../editor/communityForm';
import { COMMUNITY_CATEGORIES, type CommunityCategory, type CommunityPrivacy } from '../types';
import { ImageField } from './ImageField';
import { RulesEditor } from './RulesEditor';

/** The limit each error names. */
const MAX: Partial<Record<FormErrorKey, number>> = {
  nameTooShort: FORM_LIMITS.nameMin,
  nameTooLong: FORM_LIMITS.name,
  descriptionTooLong: FORM_LIMITS.description,
  ruleTooLong: FORM_LIMITS.rule,
  tooManyRules: FORM_LIMITS.rules,
  cityTooLong: FORM_LIMITS.city,
};

export interface CommunityFormFieldsProps {
  form: CommunityFormState;
  /** Creating: the slug and the privacy may be chosen (they are fixed afterwards). */
  creating: boolean;
  errors: FormErrorKey[];
  /** The server said the slug is taken. */
  slugRefusal: string | null;
  onChange: (patch: Partial<CommunityFormState>) => void;
  onUploading: (busy: boolean) => void;
}

/** The community form's fields, each with its own error. */
export function CommunityFormFields({
  form,
  creating,
  errors,
  slugRefusal,
  onChange,
  onUploading,
}: CommunityFormFieldsProps) {
  const { t } = useTranslation();
  const categoryId = useId();
  const error = (...keys: FormErrorKey[]) => {
    const key = keys.find((k) => errors.includes(k));
    return key ? t(`communities.editor.errors.${key}`, { max: MAX[key] ?? 0 }) : undefined;
  };

  return (
    <>
      <TextField
        label={t('communities.editor.name')}
        value={form.name}
        required
        maxLength={FORM_LIMITS.name + 20}
        dir="auto"
        error={error('nameRequired', 'nameTooShort', 'nameTooLong')}
        onValueChange={(name) => onChange({ name })}
      />
      {creating ? (
        <TextField
          label={t('communities.editor.slug')}
          value={form.slug}
          maxLength={40}
          dir="ltr"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('communities.editor.slugHint')}
          error={error('slugFormat') ?? slugRefusal ?? undefined}
          onValueChange={(slug) => onChange({ slug: slug.toLowerCase() })}
        />
      ) : (
        <p className="muted">
          {t('communities.editor.slugFixed')} <bdi dir="ltr">/communities/{form.slug}</bdi>
        </p>
      )}
      <TextAreaField
        label={t('communities.editor.description')}
        value={form.description}
        rows={4}
        error={error('descriptionTooLong')}
        onValueChange={(description) => onChange({ description })}
      />
      <RulesEditor
        rules={form.rules}
        error={error('ruleTooLong', 'tooManyRules')}
        onChange={(rules) => onChange({ rules })}
      />
      <div className="field">
        <label className="field__label" htmlFor={categoryId}>
          {t('communities.editor.category')}
        </label>
        <select
          id={categoryId}
          className="field__input"
          value={form.category}
          onChange={(e) => onChange({ category: e.target.value as CommunityCategory })}
        >
          {COMMUNITY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`communities.category.${category}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('communities.editor.city')}
        value={form.city}
        dir="auto"
        maxLength={FORM_LIMITS.city + 20}
        error={error('cityTooLong')}
        onValueChange={(city) => onChange({ city })}
      />
      {creating ? (
        <fieldset className="community-form__privacy">
          <legend className="field__label">{t('communities.editor.privacy')}</legend>
          {(['public', 'private'] as const satisfies readonly CommunityPrivacy[]).map((privacy) => (
            <label key={privacy} className="checkbox">
              <input
                type="radio"
                name="community-privacy"
                value={privacy}
                checked={form.privacy === privacy}
                onChange={() => onChange({ privacy })}
              />
              <span>
                <strong>{t(`communities.privacy.${privacy}`)}</strong>
                <span className="muted"> — {t(`communities.editor.privacyHint.${privacy}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="muted">
          {t('communities.editor.privacyFixed', { privacy: t(`communities.privacy.${form.privacy}`) })}
        </p>
      )}
      <ImageField
        label={t('communities.editor.avatar')}
        value={form.avatar}
        onChange={(avatar) => onChange({ avatar })}
        onBusy={onUploading}
      />
      <ImageField
        label={t('communities.editor.banner')}
        value={form.banner}
        onChange={(banner) => onChange({ banner })}
        onBusy={onUploading}
      />
    </>
  );
}
