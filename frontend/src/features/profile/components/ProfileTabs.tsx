import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { PROFILE_TABS, type ProfileTab } from '../types';
import { PostsTab } from './PostsTab';
import { RepliesTab } from './RepliesTab';

interface Props {
  username: string;
  isOwner: boolean;
  selected: ProfileTab;
  onSelect: (tab: ProfileTab) => void;
}

/** Sticky tabs Posts, Replies, Media, Likes and the selected tab's list. */
export function ProfileTabs({ username, isOwner, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const base = useId();

  // Arrow keys move between tabs (the ARIA tabs pattern), mirrored in right-to-left text.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const at = PROFILE_TABS.indexOf(selected);
    const next = PROFILE_TABS[(at + (rtl ? -step : step) + PROFILE_TABS.length) % PROFILE_TABS.length]!;
    onSelect(next);
    document.getElementById(`${base}-${next}-tab`)?.focus();
  };

  return (
    <section className="profile-tabs">
      <div className="profile-tabs__list" role="tablist" aria-label={t('profile.tabs.label')} onKeyDown={onKeyDown}>
        {PROFILE_TABS.map((tab) => (
          <button
            key={tab}
            id={`${base}-${tab}-tab`}
            type="button"
            role="tab"
            className="profile-tabs__tab"
            aria-selected={tab === selected}
            aria-controls={`${base}-panel`}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => onSelect(tab)}
          >
            {t(`profile.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-${selected}-tab`}
        className="profile-tabs__panel"
      >
        {selected === 'replies' ? (
          <RepliesTab username={username} isOwner={isOwner} />
        ) : (
          <PostsTab key={selected} username={username} tab={selected} isOwner={isOwner} />
        )}
      </div>
    </section>
  );
}
