import { useTranslation } from '@/i18n/useTranslation';
import { TabList } from '@/ui/TabList';

export const SEARCH_TABS = ['search', 'qa'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const tabId = (tab: SearchTab) => `search-tab-${tab}`;
export const panelId = (tab: SearchTab) => `search-panel-${tab}`;

/** 'Search & Ask AI' and 'Q&A Community Feed' as ARIA tabs, each controlling a panel of its own. */
export function SearchTabs({ selected, onSelect }: { selected: SearchTab; onSelect: (tab: SearchTab) => void }) {
  const { t } = useTranslation();
  return (
    <TabList
      tabs={SEARCH_TABS}
      selected={selected}
      onSelect={onSelect}
      aria-label={t('search.tabsLabel')}
      tabId={tabId}
      panelId={panelId}
      label={(tab) => t(`search.tabs.${tab}`)}
      className="tabs search__tabs"
      tabClassName="tabs__tab"
    />
  );
}
