import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { COMMUNITY_CATEGORIES, type CommunityCategory, type CommunityFilters } from '../types';

/** The search box and the city field write the address this long after the last key. */
export const FILTER_DEBOUNCE_MS = 300;

type TextKey = 'q' | 'city';

function fromParams(params: URLSearchParams): CommunityFilters {
  const category = params.get('category') ?? '';
  return {
    q: params.get('q')?.trim() ?? '',
    category: (COMMUNITY_CATEGORIES as readonly string[]).includes(category) ? (category as CommunityCategory) : '',
    city: params.get('city')?.trim() ?? '',
  };
}

function toParams(filters: CommunityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.city) params.set('city', filters.city);
  return params;
}

/**
 * /communities filters (q, category, city). The address is the source of truth, so a filtered list
 * can be shared and Back restores it; it is replaced in place, and the two text fields write it once
 * typing pauses rather than on every key.
 */
export function useCommunityFilters() {
  const [params, setParams] = useSearchParams();
  const address = fromParams(params);
  const [text, setText] = useState({ q: address.q, city: address.city });
  const written = useRef({ q: address.q, city: address.city });

  // Back/forward (or a link) brought other words: the fields show them.
  useEffect(() => {
    if (address.q !== written.current.q || address.city !== written.current.city) {
      written.current = { q: address.q, city: address.city };
      setText({ q: address.q, city: address.city });
    }
  }, [address.q, address.city]);

  const write = (next: CommunityFilters) => {
    written.current = { q: next.q, city: next.city };
    setParams(toParams(next), { replace: true });
  };

  useEffect(() => {
    const q = text.q.trim();
    const city = text.city.trim();
    if (q === address.q && city === address.city) return undefined;
    const timer = setTimeout(() => write({ ...address, q, city }), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the wait; the category is read when it ends.
  }, [text.q, text.city]);

  const filters = useMemo(() => address, [address.q, address.category, address.city]);

  return {
    filters,
    text,
    setText: (key: TextKey, value: string) => setText((current) => ({ ...current, [key]: value })),
    setCategory: (category: CommunityCategory | '') => write({ q: text.q.trim(), city: text.city.trim(), category }),
    isDefault: !filters.q && !filters.category && !filters.city && !text.q.trim() && !text.city.trim(),
    clear: () => {
      setText({ q: '', city: '' });
      write({ q: '', category: '', city: '' });
    },
  };
}

export type CommunityFiltersState = ReturnType<typeof useCommunityFilters>;
