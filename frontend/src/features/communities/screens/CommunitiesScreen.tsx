import '../communities.css';

import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link } from 'react-router-dom';

import { currentPages } from '@/app/currentPages';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';

import { useGetCommunitiesInfiniteQuery } from '../api/communitiesApi';
import { CommunityFilterBar } from '../components/CommunityFilterBar';
import { CommunityList } from '../components/CommunityList';
import { useCommunityFilters } from '../hooks/useCommunityFilters';
import type { CommunityFilters } from '../types';

const MINE: CommunityFilters = { q: '', category: '', city: '', mine: true };

/**
 * /communities — discovery (issue 41): the member's own communities first, then every community by
 * category and city with search. Guests browse the public ones; joining sends them to sign in.
 */
export default function CommunitiesScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const filters = useCommunityFilters();
  // "Your communities" stands apart only on the unfiltered page; a search looks through all of them.
  const showMine = !!user && filters.isDefault;
  const mine = useGetCommunitiesInfiniteQuery(showMine ? MINE : skipToken);
  const all = useGetCommunitiesInfiniteQuery(filters.filters);
  const minePages = currentPages(mine);
  const allPages = currentPages(all);
  const own = minePages.pages.flatMap((page) => page.communities);
  const listed = allPages.pages
    .flatMap((page) => page.communities)
    .filter((community) => !showMine || community.me?.standing !== 'member');

  return (
    <section className="page communities" aria-labelledby="communities-title">
      <header className="communities__head">
        <div>
          <h1 id="communities-title">{t('communities.title')}</h1>
          <p className="muted">{t('communities.subtitle')}</p>
        </div>
        {user ? (
          <Link to="/communities/new" className="button">
            {t('communities.create')}
          </Link>
        ) : null}
      </header>
      <CommunityFilterBar filters={filters} />
      {showMine && (minePages.isLoading || own.length > 0) ? (
        <section className="communities__section" aria-labelledby="communities-mine">
          <h2 id="communities-mine">{t('communities.yours')}</h2>
          <CommunityList
            communities={own}
            loading={minePages.isLoading}
            failed={mine.isError}
            hasMore={mine.hasNextPage}
            loadingMore={mine.isFetchingNextPage}
            onMore={() => void mine.fetchNextPage()}
            onRetry={() => void mine.refetch()}
            empty={null}
          />
        </section>
      ) : null}
      <section className="communities__section" aria-labelledby="communities-all">
        <h2 id="communities-all">{filters.isDefault ? t('communities.discover') : t('communities.results')}</h2>
        <CommunityList
          communities={listed}
          loading={allPages.isLoading}
          failed={all.isError}
          hasMore={all.hasNextPage}
          loadingMore={all.isFetchingNextPage}
          onMore={() => void all.fetchNextPage()}
          onRetry={() => void all.refetch()}
          empty={
            <div className="community-state">
              <p className="community-state__title">{t('communities.empty')}</p>
              {filters.isDefault ? null : (
                <button type="button" className="button button--quiet" onClick={filters.clear}>
                  {t('communities.clearFilters')}
                </button>
              )}
            </div>
          }
        />
      </section>
    </section>
  );
}
