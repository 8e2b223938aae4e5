import type { AppDispatch } from '@/app/store';

import { catalogueApi } from './api/catalogueApi';
import { DEFAULT_FILTERS, filtersFromParams } from './filters';

/**
 * Asks for the catalogue's first page, with the filters the address holds, beside the session's
 * answer rather than once the screen has mounted: on a phone the course cards (and their covers) come
 * one round trip sooner (issue 37). The same arguments as useCatalogue's, so the screen takes this
 * request (or joins it in flight); the page stays cached as any unused query does.
 */
export function prefetchCatalogue(dispatch: AppDispatch, search: string = window.location.search): void {
  const filters = {
    ...filtersFromParams(new URLSearchParams(search)),
    priceMin: DEFAULT_FILTERS.priceMin,
    priceMax: DEFAULT_FILTERS.priceMax,
  };
  const request = dispatch(catalogueApi.endpoints.getCourses.initiate(filters));
  void Promise.resolve(request).finally(() => request.unsubscribe());
}
