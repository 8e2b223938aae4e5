import type { UserSearchResult } from '@contract';
import { useEffect, useRef } from 'react';

import { useLazySearchPeopleQuery } from '../api';
import { isQuestion } from '../question';

/** A request once typing pauses this long, never one per keystroke. */
export const TYPEAHEAD_DELAY_MS = 300;
/** People are looked up from this many characters (after an @). */
export const TYPEAHEAD_MIN_CHARS = 2;

const HASHTAG = /^#([\p{L}\p{N}_]+)$/u;

/** What the box can offer for this text: people for a name, the tag for a #tag, nothing for a question. */
export type TypeaheadQuery = { kind: 'people'; q: string } | { kind: 'hashtag'; tag: string } | null;

export function typeaheadQuery(text: string): TypeaheadQuery {
  const trimmed = text.trim();
  const tag = HASHTAG.exec(trimmed)?.[1];
  if (tag) return { kind: 'hashtag', tag };
  if (trimmed.startsWith('#') || isQuestion(trimmed)) return null;
  return trimmed.replace(/^@/, '').length >= TYPEAHEAD_MIN_CHARS ? { kind: 'people', q: trimmed } : null;
}

/**
 * People for the text as it is typed: asked TYPEAHEAD_DELAY_MS after the last keystroke, the request
 * of a text typed over cancelled. While the next answer comes, the last one stays if the member only
 * added to the text it answered (its people may still match), so the list does not blink.
 */
export function usePeopleTypeahead(query: TypeaheadQuery): { people: UserSearchResult[]; loading: boolean } {
  const q = query?.kind === 'people' ? query.q : null;
  const [trigger, result] = useLazySearchPeopleQuery();
  const last = useRef<{ q: string; people: UserSearchResult[] } | null>(null);

  useEffect(() => {
    if (!q) return undefined;
    let request: { abort: () => void } | undefined;
    const timer = setTimeout(() => {
      request = trigger(q, true);
    }, TYPEAHEAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      request?.abort();
    };
  }, [q, trigger]);

  if (!q) return { people: [], loading: false };
  const answered = result.originalArgs === q ? result.currentData : undefined;
  if (answered) {
    last.current = { q, people: answered.users };
    return { people: answered.users, loading: false };
  }
  const kept = last.current && q.startsWith(last.current.q) ? last.current.people : [];
  const failed = result.originalArgs === q && result.isError;
  return { people: kept, loading: !failed };
}
