import { type FormEvent, useState } from 'react';

import { isRecord, serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useUpdateProfileMutation } from '@/resources/profiles';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import type { Profile } from '../types';
import {
  normalizeWebsite,
  type ProfileFormErrors,
  type ProfileFormField,
  type ProfileFormValues,
  validateProfileForm,
} from '../validation';
import { BioField } from './BioField';
import { ImagePicker } from './ImagePicker';

const FIELDS: readonly ProfileFormField[] = ['displayName', 'bio', 'location', 'website'];

/** The server's `fields` of a 400 (already the spec's texts), for the fields this form has. */
function serverFieldErrors(error: unknown): Partial<Record<ProfileFormField, string>> {
  const data = isRecord(error) ? error.data : undefined;
  const fields = isRecord(data) && isRecord(data.fields) ? data.fields : {};
  const out: Partial<Record<ProfileFormField, string>> = {};
  for (const field of FIELDS) if (typeof fields[field] === 'string') out[field] = fields[field];
  return out;
}

/** Edit Profile: photo, banner, display name, bio (n/160), location and website, saved in one multipart call. */
export function EditProfileModal({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [values, setValues] = useState<ProfileFormValues>({
    displayName: profile.displayName ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    website: profile.website ?? '',
  });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProfileFormField, string>>>({});
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const set = (field: ProfileFormField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorOf = (field: ProfileFormField) =>
    errors[field] ? t(`profile.validation.${errors[field]}`) : serverErrors[field];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfileForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await updateProfile({
        username: profile.username,
        ...values,
        website: normalizeWebsite(values.website),
        profileImage: avatar,
        banner,
      }).unwrap();
    } catch (failure) {
      setServerErrors(serverFieldErrors(failure));
      toast(
        t('profile.edit.updateFailed', { message: serverMessage(failure) ?? t('profile.edit.updateFailedDefault') }),
        'error',
      );
      return;
    }
    toast(t('profile.edit.saved'), 'success');
    onClose();
  };

  return (
    <Dialog title={t('nav.editProfile')} onClose={onClose} closeLabel={t('profile.close')} className="dialog--wide">
      <form className="form edit-profile" onSubmit={onSubmit} noValidate>
        <ImagePicker
          variant="banner"
          label={t('profile.edit.banner')}
          currentUrl={profile.bannerUrl}
          file={banner}
          onPick={setBanner}
        />
        <ImagePicker
          variant="avatar"
          label={t('profile.edit.photo')}
          currentUrl={profile.avatarUrl ?? profile.profileImage}
          file={avatar}
          onPick={setAvatar}
        />
        <TextField
          label={t('profile.edit.displayName')}
          value={values.displayName}
          onValueChange={set('displayName')}
          error={errorOf('displayName')}
          autoComplete="name"
          data-autofocus
        />
        <BioField value={values.bio} onValueChange={set('bio')} error={errorOf('bio')} />
        <TextField
          label={t('profile.edit.location')}
          value={values.location}
          onValueChange={set('location')}
          error={errorOf('location')}
        />
        <TextField
          label={t('profile.edit.website')}
          value={values.website}
          onValueChange={set('website')}
          error={errorOf('website')}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://"
        />
        <FormActions
          cancelLabel={t('profile.cancel')}
          onCancel={onClose}
          confirmLabel={t('profile.edit.save')}
          busy={isLoading}
          busyLabel={t('profile.edit.saving')}
        />
      </form>
    </Dialog>
  );
}
