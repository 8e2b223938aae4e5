import { currentPages } from './currentPages';

describe('currentPages', () => {
  it("gives only the current argument's pages, and loading while they are on the way", () => {
    expect(currentPages({ currentData: { pages: [[1, 2], [3]] }, isFetching: true })).toEqual({
      pages: [[1, 2], [3]],
      isLoading: false,
    });
    // The previous argument's `data` may still be there; it is not shown.
    expect(currentPages({ currentData: undefined, isFetching: true })).toEqual({ pages: [], isLoading: true });
    // Nothing asked (skipped) or the request failed: not loading, nothing to show.
    expect(currentPages({ currentData: undefined, isFetching: false })).toEqual({ pages: [], isLoading: false });
  });
});
