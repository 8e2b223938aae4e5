import '../search.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

import { SEARCH_STALE_SECONDS, useGetSearchResultsQuery } from '../api';
import { ResultList, ResultSkeletons } from '../components/ResultRows';
import { SearchBox } from '../components/SearchBox';
import { RESULT_SKELETONS } from '../limits';
import { isQuestion } from '../question';

/** §8 'Search failed', inline with a retry (the page stays usable: the box above still works). */
function SearchFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="search__state" role="alert">
      <h2>{t('search.results.failed')}</h2>
      <p className="muted">{t('search.results.failedBody')}</p>
      <button type="button" className="button" onClick={onRetry} disabled={retrying}>
        {t('search.tryAgain')}
      </button>
    </div>
  );
}

/** /search-results?q= — the sticky box and the results of ?q= (§2), cached 30 s (§9). */
export default function SearchResultsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const { currentData, isFetching, isError, refetch } = useGetSearchResultsQuery(q ? { q } : skipToken, {
    refetchOnMountOrArgChange: SEARCH_STALE_SECONDS,
  });

  const submit = (value: string) => {
    // A question goes to /search, where the AI scholar answers and the answer can be shared: one
    // place for AI answers rather than a second copy of the card, dialog and toasts here.
    if (isQuestion(value)) void navigate(`/search?${new URLSearchParams({ q: value }).toString()}`);
    else setParams({ q: value });
  };

  let body;
  if (!q) body = <p className="search__state muted">{t('search.results.enterTerm')}</p>;
  else if (isError && !isFetching) body = <SearchFailed onRetry={() => void refetch()} retrying={isFetching} />;
  else if (!currentData) body = <ResultSkeletons count={RESULT_SKELETONS} label={t('search.results.loading')} />;
  else if (currentData.length === 0) body = <p className="search__state">{t('search.results.none', { q })}</p>;
  else {
    const heading = t('search.results.heading', { q });
    body = (
      <>
        <h1 id="search-results-title" className="search__section-title">
          {heading}
        </h1>
        <ResultList results={currentData} label={heading} />
      </>
    );
  }

  return (
    <section className="page search search-results" aria-label={t('screens.searchResults')}>
      <div className="search-results__sticky">
        <SearchBox
          value={text}
          onChange={setText}
          onSubmit={submit}
          busy={isFetching}
          placeholder={t('search.box.resultsPlaceholder', { product: t('app.brand') })}
        />
      </div>
      {body}
    </section>
  );
}
