/**
 * An infinite list whose argument can change under the same screen (a tab, a profile, a list):
 * only the pages of the current argument. RTK Query's `data` keeps the previous argument's pages
 * until the new ones arrive, which would show one tab's items under another; until then this is
 * loading instead.
 */
export function currentPages<Page>(query: { currentData?: { pages: Page[] } | undefined; isFetching: boolean }) {
  return { pages: query.currentData?.pages ?? [], isLoading: !query.currentData && query.isFetching };
}
