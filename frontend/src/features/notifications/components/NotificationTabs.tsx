import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { NOTIFICATION_TABS, type NotificationTab } from '../types';

export const tabId = (tab: NotificationTab) => `notifications-tab-${tab}`;
export const PANEL_ID = 'notifications-panel';

/** All / Social / Messages / Courses / System, with arrow-key movement (mirrored in RTL). */
export function NotificationTabs({
  selected,
  onSelect,
}: {
  selected: NotificationTab;
  onSelect: (tab: NotificationTab) => void;
}) {
  const { t, i18n } = useTranslation();
  const refs = useRef(new Map<NotificationTab, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = NOTIFICATION_TABS.indexOf(selected);
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % NOTIFICATION_TABS.length;
    else if (event.key === back) next = (index - 1 + NOTIFICATION_TABS.length) % NOTIFICATION_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = NOTIFICATION_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = NOTIFICATION_TABS[next]!;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  }

  return (
    <div className="notifications__tabs" role="tablist" aria-label={t('notifications.tabsLabel')} onKeyDown={onKeyDown}>
      {NOTIFICATION_TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          className="notifications__tab"
          aria-selected={tab === selected}
          aria-controls={PANEL_ID}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {t(`notifications.tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}
