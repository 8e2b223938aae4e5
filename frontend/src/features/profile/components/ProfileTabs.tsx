import { useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { TabList } from '@/ui/TabList';

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

  return (
    <section className="profile-tabs">
      <TabList
        tabs={PROFILE_TABS}
        selected={selected}
        onSelect={onSelect}
        aria-label={t('profile.tabs.label')}
        tabId={(tab) => `${base}-${tab}-tab`}
        panelId={() => `${base}-panel`}
        label={(tab) => t(`profile.tabs.${tab}`)}
        className="profile-tabs__list"
        tabClassName="profile-tabs__tab"
      />
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
