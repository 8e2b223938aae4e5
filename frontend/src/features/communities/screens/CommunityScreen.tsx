import '../communities.css';

import { Link, useParams, useSearchParams } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { ScreenLoading } from '@/ui/ScreenLoading';
import { TabList } from '@/ui/TabList';

import { useGetCommunityQuery } from '../api/communitiesApi';
import { AboutTab } from '../components/AboutTab';
import { CommunityFeed } from '../components/CommunityFeed';
import { CommunityHeader } from '../components/CommunityHeader';
import { MembersTab } from '../components/MembersTab';
import { NotFound } from '../components/NotFound';
import { RulesTab } from '../components/RulesTab';
import { useCommunityAccess } from '../hooks/useCommunityAccess';
import type { CommunityView } from '../types';

const TABS = ['feed', 'about', 'rules', 'members'] as const;
type Tab = (typeof TABS)[number];

/** /communities/:slug — one community: its header, then Feed, About, Rules and Members. */
export default function CommunityScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const community = useGetCommunityQuery(slug);

  if (community.data) return <Community community={community.data} />;
  if (!community.isError) return <ScreenLoading />;
  if ((community.error as { status?: unknown } | undefined)?.status === 404) return <NotFound />;
  return (
    <section className="page page--center" role="alert">
      <p>{t('communities.detail.error')}</p>
      <button type="button" className="button" onClick={() => void community.refetch()}>
        {t('communities.retry')}
      </button>
    </section>
  );
}

function Community({ community }: { community: CommunityView }) {
  const { t } = useTranslation();
  const access = useCommunityAccess(community);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'feed';
  const select = (next: Tab) => setParams(next === 'feed' ? {} : { tab: next }, { replace: true });

  return (
    <section className="page community" aria-labelledby="community-title">
      <Link to="/communities" className="community__back">
        {t('communities.detail.back')}
      </Link>
      <CommunityHeader community={community} access={access} />
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={select}
        aria-label={t('communities.detail.tabs')}
        tabId={(id) => `community-tab-${id}`}
        panelId={() => 'community-panel'}
        label={(id) => t(`communities.detail.tab.${id}`)}
        className="tabs community__tabs"
        tabClassName="tabs__tab"
      />
      <div id="community-panel" role="tabpanel" aria-labelledby={`community-tab-${tab}`}>
        {tab === 'feed' ? (
          <CommunityFeed community={community} access={access} />
        ) : tab === 'about' ? (
          <AboutTab community={community} />
        ) : tab === 'rules' ? (
          <RulesTab rules={community.rules} />
        ) : (
          <MembersTab community={community} access={access} />
        )}
      </div>
    </section>
  );
}
