import '../moderation.css';

import { useSearchParams } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { isStaff, useSession } from '@/resources/session';
import { TabList } from '@/ui/TabList';

import { AppealsTab } from '../components/AppealsTab';
import { AuditTab } from '../components/AuditTab';
import { ProjectionsTab } from '../components/ProjectionsTab';
import { ReportsTab } from '../components/ReportsTab';

const TABS = ['reports', 'appeals', 'audit', 'projections'] as const;
type Tab = (typeof TABS)[number];

/**
 * /moderation — the report queue, the appeal queue, the audit history and the projections console,
 * for moderators and admins. Everyone else gets the app's not-found answer: the area is not advertised.
 */
export default function ModerationScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'reports';
  const stream = params.get('stream');
  const atParam = params.get('at');
  const at = atParam !== null && /^\d+$/.test(atParam) ? Number(atParam) : null;
  // Moving along one stream's versions replaces the entry: Back leaves the stream, not each step.
  const go = (next: Tab, streamId: string | null = null, version: number | null = null) =>
    setParams(
      streamId ? { tab: next, stream: streamId, ...(version === null ? {} : { at: String(version) }) } : { tab: next },
      { replace: next === tab && streamId !== null && streamId === stream },
    );
  if (isLoading) return null;
  if (!isStaff(user?.role))
    return (
      <section className="page" aria-labelledby="moderation-title">
        <h1 id="moderation-title">{t('moderation.notFound')}</h1>
      </section>
    );
  return (
    <section className="page" aria-labelledby="moderation-title">
      <h1 id="moderation-title">{t('moderation.title')}</h1>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={(next) => go(next)}
        aria-label={t('moderation.title')}
        tabId={(x) => `moderation-tab-${x}`}
        panelId={() => 'moderation-panel'}
        label={(x) => t(`moderation.tabs.${x}`)}
        className="moderation-tabs"
        tabClassName="moderation-tabs__tab"
      />
      <div id="moderation-panel" role="tabpanel" aria-labelledby={`moderation-tab-${tab}`}>
        {tab === 'reports' ? <ReportsTab /> : null}
        {tab === 'appeals' ? <AppealsTab /> : null}
        {tab === 'audit' ? (
          <AuditTab stream={stream} at={at} onStream={(streamId, version = null) => go('audit', streamId, version)} />
        ) : null}
        {tab === 'projections' ? <ProjectionsTab isAdmin={user?.role === 'admin'} /> : null}
      </div>
    </section>
  );
}
