import { useTranslation } from '@/i18n/useTranslation';
import { TabList } from '@/ui/TabList';

import { NOTIFICATION_TABS, type NotificationTab } from '../types';

export const tabId = (tab: NotificationTab) => `notifications-tab-${tab}`;
export const PANEL_ID = 'notifications-panel';

/** All / Social / Messages / Courses / System as ARIA tabs, all controlling the one list panel. */
export function NotificationTabs({
  selected,
  onSelect,
}: {
  selected: NotificationTab;
  onSelect: (tab: NotificationTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <TabList
      tabs={NOTIFICATION_TABS}
      selected={selected}
      onSelect={onSelect}
      aria-label={t('notifications.tabsLabel')}
      tabId={tabId}
      panelId={() => PANEL_ID}
      label={(tab) => t(`notifications.tabs.${tab}`)}
      className="notifications__tabs"
      tabClassName="notifications__tab"
    />
  );
}
