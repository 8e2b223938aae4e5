import type { AppDispatch } from '@/app/store';

import { catalogueApi } from './api/catalogueApi';
import { catalogueFilters, filtersFromParams } from './filters';

/**
 * Asks for the catalogue's first page, with the filters the address holds, beside the session's
 * answer rather than once the screen has mounted: on a phone the course cards (and their covers) come
 * one round trip sooner (issue 37). The screen's own arguments (catalogueFilters), so it takes this
 * request or joins it in flight; app/firstData.ts releases it once answered.
 */
export function prefetchCatalogue(dispatch: AppDispatch, search: string = window.location.search) {
  return dispatch(
    catalogueApi.endpoints.getCourses.initiate(catalogueFilters(filtersFromParams(new URLSearchParams(search)))),
  );
}
