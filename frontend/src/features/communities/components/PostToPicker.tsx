import './post-to-picker.css';

import { useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import type { PostTargets } from '../hooks/usePostTargets';

/**
 * "Post to": the member's followers or one of their communities. A community asked for by the address
 * (`/compose?community=<id>`) that the member may not post in reads as the followers, and says so.
 */
export function PostToPicker({
  targets,
  value,
  disabled,
  onChange,
  label,
  everyone,
}: {
  targets: PostTargets;
  value: string | null;
  disabled: boolean;
  onChange: (communityId: string | null) => void;
  /** The picker's own words where it is not the composer's (an AI answer's share). */
  label?: string;
  everyone?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const known = value !== null && targets.communities.some((community) => community.id === value);
  const refused = value !== null && targets.loaded && !known;
  if (targets.communities.length === 0 && !refused) return null;
  return (
    <div className="compose__post-to">
      <label htmlFor={id}>{label ?? t('compose.community.postTo')}</label>
      <select
        id={id}
        className="field__input"
        value={known ? value : ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{everyone ?? t('compose.community.followers')}</option>
        {targets.communities.map((community) => (
          <option key={community.id} value={community.id}>
            {community.privacy === 'private'
              ? t('compose.community.private', { name: community.name })
              : community.name}
          </option>
        ))}
      </select>
      {refused ? (
        <p className="field__hint" role="note">
          {t('compose.community.unavailable')}
        </p>
      ) : null}
    </div>
  );
}
