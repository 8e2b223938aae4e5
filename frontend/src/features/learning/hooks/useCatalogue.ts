import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { CatalogueFilters } from '../api/catalogueApi';
import { catalogueFilters, DEFAULT_PRICE, filtersFromParams, paramsFromFilters, SEARCH_DEBOUNCE_MS } from '../filters';

type AddressFilters = Pick<CatalogueFilters, 'search' | 'category' | 'level' | 'sort'>;

/**
 * §2 catalogue filters. The address is the source of truth for search, category, level and sort:
 * written only when not default, replaced in place (no history entry per key), and read again on
 * back/forward. The search box writes it 300 ms after the last key. The price range lives here only.
 */
export function useCatalogue() {
  const [params, setParams] = useSearchParams();
  const fromAddress = filtersFromParams(params);
  const [text, setText] = useState(fromAddress.search);
  const [price, setPrice] = useState<[number, number]>([...DEFAULT_PRICE]);
  const written = useRef(fromAddress.search);

  // Back/forward (or a link) brought another search: the box shows it.
  useEffect(() => {
    if (fromAddress.search !== written.current) {
      written.current = fromAddress.search;
      setText(fromAddress.search);
    }
  }, [fromAddress.search]);

  const write = (next: AddressFilters) => {
    written.current = next.search;
    setParams(paramsFromFilters(next), { replace: true });
  };

  useEffect(() => {
    if (text.trim() === fromAddress.search) return undefined;
    const timer = setTimeout(() => write({ ...fromAddress, search: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text starts the wait; the other filters are read when it ends.
  }, [text]);

  const filters: CatalogueFilters = useMemo(
    () => catalogueFilters(fromAddress, price),
    [fromAddress.search, fromAddress.category, fromAddress.level, fromAddress.sort, price],
  );

  const isDefault =
    paramsFromFilters(fromAddress).toString() === '' &&
    text.trim() === '' &&
    price[0] === DEFAULT_PRICE[0] &&
    price[1] === DEFAULT_PRICE[1];

  return {
    filters,
    text,
    setText,
    setFilter: <K extends keyof AddressFilters>(key: K, value: AddressFilters[K]) =>
      write({ ...fromAddress, search: text.trim(), [key]: value }),
    price,
    setPrice,
    isDefault,
    clear: () => {
      setText('');
      setPrice([...DEFAULT_PRICE]);
      write({ search: '', category: 'all', level: 'all', sort: 'popular' });
    },
  };
}
