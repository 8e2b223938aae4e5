import { type FormEvent, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useRegisterVendorMutation } from '../api/vendorApi';
import { PRICE_RANGES, TEACHER_TOPICS } from '../types';

/** §5: the server's ceiling on a bio. */
const BIO_MAX = 2000;

/**
 * The Become a Teacher form (§4, §5): bio required, topics from the ten of §5, one of the five price
 * ranges. On success it closes; the vendor status refetches and the page shows 'under review'.
 */
export function TeacherApplyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [register, { isLoading }] = useRegisterVendorMutation();
  const [bio, setBio] = useState('');
  const [topics, setTopics] = useState<string[]>([]);
  const [priceRange, setPriceRange] = useState<string>(PRICE_RANGES[0]);
  const [bioError, setBioError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!bio.trim()) {
      setBioError(t('learning.apply.bioRequired'));
      return;
    }
    const ordered = TEACHER_TOPICS.filter((topic) => topics.includes(topic));
    const result = await register({ bio: bio.trim(), topics: ordered, priceRange });
    if ('error' in result) {
      toast(serverMessage(result.error) ?? t('learning.toast.applyFailed'), 'error', t('learning.toast.applyFailed'));
      return;
    }
    toast(t('learning.toast.appliedBody'), 'success', t('learning.toast.appliedTitle'));
    onClose();
  }

  const toggle = (topic: string) =>
    setTopics((current) => (current.includes(topic) ? current.filter((x) => x !== topic) : [...current, topic]));

  return (
    <Dialog
      title={t('learning.apply.title')}
      onClose={onClose}
      closeLabel={t('learning.apply.close')}
      className="dialog--wide"
    >
      <form className="form apply-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">{t('learning.apply.intro')}</p>
        <TextAreaField
          label={t('learning.apply.bio')}
          placeholder={t('learning.apply.bioPlaceholder')}
          value={bio}
          onValueChange={(value) => {
            setBio(value);
            if (value.trim()) setBioError(undefined);
          }}
          error={bioError}
          maxLength={BIO_MAX}
          rows={4}
          required
        />
        <fieldset className="chip-group">
          <legend className="field__label">{t('learning.apply.topics')}</legend>
          {TEACHER_TOPICS.map((topic) => (
            <label key={topic} className="chip">
              <input type="checkbox" checked={topics.includes(topic)} onChange={() => toggle(topic)} />
              <span>{t(`learning.category.${topic}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="chip-group">
          <legend className="field__label">{t('learning.apply.priceRange')}</legend>
          {PRICE_RANGES.map((range) => (
            <label key={range} className="chip">
              <input
                type="radio"
                name="priceRange"
                value={range}
                checked={priceRange === range}
                onChange={() => setPriceRange(range)}
              />
              <bdi dir="ltr">{range}</bdi>
            </label>
          ))}
        </fieldset>
        <FormActions
          cancelLabel={t('learning.apply.cancel')}
          onCancel={onClose}
          confirmLabel={t('learning.apply.submit')}
          busy={isLoading}
          busyLabel={t('learning.apply.submitting')}
        />
      </form>
    </Dialog>
  );
}
