import { decodeCursor } from './cursor';
import { ReadStoreError } from './errors';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, pageLimit, toPage } from './paging';
import { resolveSort } from './sorting';

describe('paging', () => {
  it('defaults to 50 and caps at 1000', () => {
    expect(pageLimit(undefined)).toBe(DEFAULT_PAGE_LIMIT);
    expect(DEFAULT_PAGE_LIMIT).toBe(50);
    expect(pageLimit(1)).toBe(1);
    expect(pageLimit(1000)).toBe(1000);
    expect(pageLimit(1001)).toBe(MAX_PAGE_LIMIT);
    expect(MAX_PAGE_LIMIT).toBe(1000);
  });

  it.each([0, -1, 2.5, Number.NaN, Infinity])('refuses %p', (limit) => {
    expect(() => pageLimit(limit)).toThrow(ReadStoreError);
  });

  it('gives a cursor at the last item only when the extra row shows more follow', () => {
    const sort = resolveSort({ field: 'n', direction: 'asc', type: 'number' });
    const rows = [1, 2, 3].map((n) => ({ id: `d${n}`, n }));
    const full = toPage(rows, 2, sort);
    expect(full.items.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(decodeCursor(full.nextCursor!, sort)).toEqual({ value: 2, id: 'd2' });
    expect(toPage(rows.slice(0, 2), 2, sort).nextCursor).toBeNull();
    expect(toPage([], 2, sort)).toEqual({ items: [], nextCursor: null });
  });
});
