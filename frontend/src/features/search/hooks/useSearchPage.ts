import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { SEARCH_STALE_SECONDS, type SearchArgs, useGetSearchResultsQuery } from '../api';
import { isQuestion } from '../question';
import { useAskAi } from './useAskAi';

/** What the page is showing: nothing yet, a search, a hashtag, or the AI scholar's answer. */
export type SearchMode =
  | { kind: 'idle' }
  | { kind: 'search'; q: string }
  | { kind: 'hashtag'; tag: string }
  | { kind: 'ask'; question: string };

function modeFromUrl(params: URLSearchParams): SearchMode {
  const tag = params.get('hashtag')?.trim().replace(/^#/, '');
  if (tag) return { kind: 'hashtag', tag };
  const q = params.get('q')?.trim();
  if (!q) return { kind: 'idle' };
  return isQuestion(q) ? { kind: 'ask', question: q } : { kind: 'search', q };
}

const urlKey = (params: URLSearchParams) => `${params.get('hashtag') ?? ''}\u0000${params.get('q') ?? ''}`;

/**
 * §4 Search mode. The address holds what was asked (?q= or ?hashtag=), so back/forward and links
 * (hashtags in posts, the results page handing over a question) work; submitting writes it and runs
 * it at once. A question goes to the AI scholar, anything else to search; each has its own loading flag.
 */
export function useSearchPage() {
  const [params, setParams] = useSearchParams();
  const initial = modeFromUrl(params);
  const [mode, setMode] = useState<SearchMode>(initial);
  const [text, setText] = useState(
    initial.kind === 'hashtag' ? `#${initial.tag}` : initial.kind === 'idle' ? '' : (params.get('q') ?? ''),
  );
  const ai = useAskAi();
  const handled = useRef<string | null>(null);

  const run = useCallback(
    (next: SearchMode) => {
      setMode(next);
      if (next.kind === 'ask') void ai.ask(next.question);
    },
    [ai],
  );

  // A new address (first load, a hashtag link, back/forward) runs what it holds.
  const key = urlKey(params);
  useEffect(() => {
    if (handled.current === key) return;
    handled.current = key;
    const next = modeFromUrl(params);
    if (next.kind === 'hashtag') setText(`#${next.tag}`);
    else setText(params.get('q') ?? '');
    run(next);
    // Only the address decides (its key); `run` and `params` are read as they are then.
  }, [key]);

  const submit = useCallback(
    (value: string) => {
      const q = value.trim();
      if (!q) return;
      const next = new URLSearchParams({ q });
      handled.current = urlKey(next);
      setParams(next);
      run(isQuestion(q) ? { kind: 'ask', question: q } : { kind: 'search', q });
    },
    [run, setParams],
  );

  const args: SearchArgs | typeof skipToken =
    mode.kind === 'search' ? { q: mode.q } : mode.kind === 'hashtag' ? { hashtag: mode.tag } : skipToken;
  const search = useGetSearchResultsQuery(args, { refetchOnMountOrArgChange: SEARCH_STALE_SECONDS });

  // §8: a failed search clears the results and is only logged.
  useEffect(() => {
    if (search.isError) console.error('Search failed', search.error);
  }, [search.isError, search.error]);

  const searchLoading = args !== skipToken && search.isFetching;
  const aiLoading = ai.state.isLoading;
  return {
    /** Nothing to show for what was asked yet (the same search asked again, after a follow, keeps its results). */
    searchPending: searchLoading && search.currentData === undefined,
    text,
    setText,
    mode,
    submit,
    results: args !== skipToken && !search.isError ? search.data : undefined,
    searchFailed: args !== skipToken && search.isError,
    searchLoading,
    aiLoading,
    busy: searchLoading || aiLoading,
    answer: mode.kind === 'ask' && ai.state.originalArgs?.question === mode.question ? ai.state.data : undefined,
  };
}
