import '../push.css';

import type { PushSettingsView } from '@contract';

import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useChangePushSettingsMutation, usePushSettingsQuery } from '../api';
import { usePushSubscription } from '../usePushSubscription';

const CATEGORIES = [
  'messages',
  'social',
  'courses',
  'donations',
] as const satisfies readonly (keyof PushSettingsView)[];

/** The member's categories: they hold for every device of theirs. */
function Categories() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = usePushSettingsQuery();
  const [change] = useChangePushSettingsMutation();
  const toggle = (category: keyof PushSettingsView, on: boolean) =>
    change({ [category]: on })
      .unwrap()
      .catch(() => toast(t('push.settingsFailed'), 'error'));
  return (
    <fieldset className="push-categories" disabled={!data}>
      <legend>{t('push.categoriesTitle')}</legend>
      {CATEGORIES.map((category) => (
        <label key={category} className="push-categories__item">
          <input
            type="checkbox"
            checked={data?.settings[category] ?? true}
            onChange={(e) => void toggle(category, e.target.checked)}
          />
          <span>{t(`push.categories.${category}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Account settings' "Push notifications": on or off for this device, and what to be told about. */
export function PushSettingsSection() {
  const { t } = useTranslation();
  const { support, enabled, busy, failed, enable, disable } = usePushSubscription();
  const blocked = support === 'unsupported' || support === 'denied' || support === 'unavailable';
  return (
    <section className="card push-settings" aria-labelledby="push-title">
      <h2 id="push-title">{t('push.title')}</h2>
      <p className="muted">{t('push.hint')}</p>
      {blocked ? (
        <p className="push-settings__status" role="status">
          {t(`push.${support}`)}
        </p>
      ) : (
        <div className="push-settings__device">
          <p className="push-settings__status" role="status">
            {support === 'checking' ? t('push.working') : enabled ? t('push.on') : t('push.off')}
          </p>
          <button
            type="button"
            className={enabled ? 'button button--quiet' : 'button'}
            disabled={busy || support === 'checking'}
            onClick={() => void (enabled ? disable() : enable())}
          >
            {busy ? t('push.working') : enabled ? t('push.disable') : t('push.enable')}
          </button>
        </div>
      )}
      {failed ? (
        <p className="push-settings__error" role="alert">
          {t('push.failed')}
        </p>
      ) : null}
      {support === 'unsupported' ? null : <Categories />}
    </section>
  );
}
