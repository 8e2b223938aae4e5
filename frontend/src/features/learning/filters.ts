import type { CatalogueFilters } from './api/catalogueApi';
import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SORTS, type CourseSort } from './types';

/** §9: the price filter runs from 0 to 50,000 KES. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 50_000;
/** §2/§9: the filter bar's search waits this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

export const DEFAULT_FILTERS: CatalogueFilters = {
  search: '',
  category: 'all',
  level: 'all',
  sort: 'popular',
  priceMin: PRICE_MIN,
  priceMax: PRICE_MAX,
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

/**
 * The filters the address holds (§2: search, category, level, sort). Anything unknown falls back to
 * its default; the price range is not in the address.
 */
export function filtersFromParams(
  params: URLSearchParams,
): Pick<CatalogueFilters, 'search' | 'category' | 'level' | 'sort'> {
  return {
    search: params.get('search')?.trim() ?? '',
    category: oneOf(COURSE_CATEGORIES, params.get('category')) ?? 'all',
    level: oneOf(COURSE_LEVELS, params.get('level')) ?? 'all',
    sort: oneOf<CourseSort>(COURSE_SORTS, params.get('sort')) ?? 'popular',
  };
}

/** The price range a catalogue opens with (it is not in the address). */
export const DEFAULT_PRICE: readonly [number, number] = [PRICE_MIN, PRICE_MAX];

/**
 * The catalogue query's arguments: the address's filters and a price range. One shape for the screen
 * (useCatalogue) and start-up's request (prefetch.ts), so the screen takes the request made for it.
 */
export function catalogueFilters(
  address: Pick<CatalogueFilters, 'search' | 'category' | 'level' | 'sort'>,
  [priceMin, priceMax]: readonly [number, number] = DEFAULT_PRICE,
): CatalogueFilters {
  return { ...address, priceMin, priceMax };
}

/** §2: only values that differ from the defaults are written to the address. */
export function paramsFromFilters(
  filters: Pick<CatalogueFilters, 'search' | 'category' | 'level' | 'sort'>,
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.level !== 'all') params.set('level', filters.level);
  if (filters.sort !== 'popular') params.set('sort', filters.sort);
  return params;
}
