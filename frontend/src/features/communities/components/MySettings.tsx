import { useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useUpdateCommunitySettingsMutation } from '../api/communitiesApi';
import { type CommunitySettingsBody, type CommunityView, NOTIFY_LEVELS } from '../types';

/** A member's own settings: which new posts notify them, and whether the posts join their home feed. */
export function MySettings({ community }: { community: CommunityView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const [save, state] = useUpdateCommunitySettingsMutation();
  const me = community.me;
  if (!me) return null;

  const change = async (settings: CommunitySettingsBody) => {
    const result = await save({ slug: community.slug, settings });
    toast(
      t('error' in result ? 'communities.failed' : 'communities.settings.saved'),
      'error' in result ? 'error' : 'success',
    );
  };

  return (
    <section className="community-settings" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('communities.settings.title')}</h2>
      <fieldset className="community-settings__notify" disabled={state.isLoading}>
        <legend>{t('communities.settings.notify')}</legend>
        {NOTIFY_LEVELS.map((level) => (
          <label key={level} className="checkbox">
            <input
              type="radio"
              name={`${titleId}-notify`}
              value={level}
              checked={me.notify === level}
              onChange={() => void change({ notify: level })}
            />
            {t(`communities.settings.level.${level}`)}
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          checked={me.feedInHome}
          disabled={state.isLoading}
          onChange={(e) => void change({ feedInHome: e.target.checked })}
        />
        {t('communities.settings.feedInHome')}
      </label>
    </section>
  );
}
