import '../search.css';
import '../ai.css';

import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

import { useGetFeedInfiniteQuery } from '@/features/feed';
import { useTranslation } from '@/i18n/useTranslation';

import { useGetQaFeedInfiniteQuery } from '../api';
import { AiAnswerCard, AiThinking } from '../components/AiAnswerCard';
import { type EmptyAction, EmptyState } from '../components/EmptyState';
import { PeopleYouMayKnow } from '../components/PeopleYouMayKnow';
import { QaFeed } from '../components/QaFeed';
import { RecentPosts } from '../components/RecentPosts';
import { ResultList, ResultSkeletons } from '../components/ResultRows';
import { SearchBox } from '../components/SearchBox';
import { panelId, type SearchTab, SearchTabs, tabId } from '../components/SearchTabs';
import { ShareDialog } from '../components/ShareDialog';
import { useFeedErrorToast } from '../hooks/useFeedErrorToast';
import { useSearchPage } from '../hooks/useSearchPage';
import { useShareAnswer } from '../hooks/useShareAnswer';
import { RESULT_SKELETONS } from '../limits';

/** The search panel below the box: the AI answer, the results, or the empty state and recent posts. */
function SearchPanel({
  page,
  onEmptyAction,
}: {
  page: ReturnType<typeof useSearchPage>;
  onEmptyAction: (action: EmptyAction) => void;
}) {
  const { t } = useTranslation();
  const { mode } = page;
  const question = mode.kind === 'ask' ? mode.question : '';
  const share = useShareAnswer(question, page.answer?.answer ?? '');

  if (mode.kind === 'ask' && page.aiLoading) return <AiThinking />;
  if (mode.kind === 'ask' && page.answer) {
    return (
      <>
        <AiAnswerCard question={question} response={page.answer} onShare={share.openDialog} />
        <ShareDialog state={share} />
      </>
    );
  }
  if ((mode.kind === 'search' || mode.kind === 'hashtag') && !page.searchFailed) {
    const shown = mode.kind === 'search' ? mode.q : `#${mode.tag}`;
    if (page.searchPending || !page.results)
      return <ResultSkeletons count={RESULT_SKELETONS} label={t('search.results.loading')} />;
    if (page.results.length === 0)
      return <p className="search__state muted">{t('search.results.none', { q: shown })}</p>;
    const heading =
      mode.kind === 'hashtag'
        ? t('search.results.hashtagHeading', { tag: mode.tag })
        : t('search.results.heading', { q: shown });
    return (
      <section aria-labelledby="search-results-title">
        <h2 id="search-results-title" className="search__section-title">
          {heading}
        </h2>
        <ResultList results={page.results} label={heading} />
      </section>
    );
  }
  // Nothing asked yet (or the search failed: its results are cleared, §8).
  return (
    <>
      <EmptyState onAction={onEmptyAction} />
      <PeopleYouMayKnow />
      <RecentPosts />
    </>
  );
}

/**
 * /search — search posts and members or ask the AI scholar; the Q&A Community Feed in its own tab
 * (§2, §4). /search?find=people (the menu's Find Users) starts in the box, ready for a name, above
 * the people I may know.
 */
export default function SearchScreen() {
  const { t } = useTranslation();
  const page = useSearchPage();
  const [params] = useSearchParams();
  const { key: visit } = useLocation();
  const findPeople = params.get('find') === 'people';
  const [tab, setTab] = useState<SearchTab>('search');
  const [hint, setHint] = useState<string | null>(findPeople ? t('search.empty.usersHint') : null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!findPeople) return;
    setTab('search');
    setHint(t('search.empty.usersHint'));
    inputRef.current?.focus();
    // Each visit from the menu (a new location), even from this screen; the strings are read then.
  }, [findPeople, visit]);
  // §2: the page loads the Q&A feed and a general feed (the newest public posts); the tabs' lists
  // read the same cache entries.
  const qa = useGetQaFeedInfiniteQuery();
  const feed = useGetFeedInfiniteQuery('public');
  useFeedErrorToast((qa.isError && !qa.data) || (feed.isError && !feed.data));

  const onEmptyAction = (action: EmptyAction) => {
    if (action === 'ask') {
      // A worked example in the box, selected so typing replaces it; the button already reads Ask AI.
      page.setText(t('search.empty.exampleQuestion'));
      setHint(t('search.empty.askHint'));
      requestAnimationFrame(() => inputRef.current?.select());
    } else {
      setHint(action === 'posts' ? t('search.empty.postsHint') : t('search.empty.usersHint'));
    }
    inputRef.current?.focus();
  };

  return (
    <section className="page search" aria-labelledby="search-title">
      <header className="search__head">
        <h1 id="search-title">{t('search.title', { product: t('app.brand') })}</h1>
        <p className="muted">{t('search.subtitle')}</p>
      </header>
      <SearchTabs selected={tab} onSelect={setTab} />
      <div id={panelId('search')} role="tabpanel" aria-labelledby={tabId('search')} hidden={tab !== 'search'}>
        <SearchBox
          value={page.text}
          onChange={(value) => {
            page.setText(value);
            if (value.trim() === '') setHint(null);
          }}
          onSubmit={(text) => {
            setHint(null);
            page.submit(text);
          }}
          busy={page.busy}
          placeholder={t('search.box.placeholder')}
          inputRef={inputRef}
          hint={hint}
          className="search__box"
        />
        <div className="search__body" aria-busy={page.busy}>
          <SearchPanel page={page} onEmptyAction={onEmptyAction} />
        </div>
      </div>
      <div id={panelId('qa')} role="tabpanel" aria-labelledby={tabId('qa')} hidden={tab !== 'qa'}>
        <QaFeed />
      </div>
    </section>
  );
}
