import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export const SEARCH_TABS = ['search', 'qa'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const tabId = (tab: SearchTab) => `search-tab-${tab}`;
export const panelId = (tab: SearchTab) => `search-panel-${tab}`;

/** 'Search & Ask AI' and 'Q&A Community Feed' as ARIA tabs, arrow keys mirrored in RTL. */
export function SearchTabs({ selected, onSelect }: { selected: SearchTab; onSelect: (tab: SearchTab) => void }) {
  const { t, i18n } = useTranslation();
  const refs = useRef(new Map<SearchTab, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = SEARCH_TABS.indexOf(selected);
    const rtl = i18n.dir() === 'rtl';
    let next: number | null = null;
    if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (index + 1) % SEARCH_TABS.length;
    else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft'))
      next = (index - 1 + SEARCH_TABS.length) % SEARCH_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = SEARCH_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = SEARCH_TABS[next]!;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  }

  return (
    <div className="tabs search__tabs" role="tablist" aria-label={t('search.tabsLabel')} onKeyDown={onKeyDown}>
      {SEARCH_TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          className="tabs__tab"
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {t(`search.tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}
