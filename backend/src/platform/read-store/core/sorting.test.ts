import { ReadStoreError } from './errors';
import { compareCodePoints, comparePositions, resolveSort, sortValueOf } from './sorting';

describe('sorting', () => {
  it('compares strings by code point, not UTF-16 unit', () => {
    const sorted = ['\u{1F600}', '\uFF5E', 'b', 'B', 'é', 'ب', 'a', ''].sort(compareCodePoints);
    expect(sorted).toEqual(['', 'B', 'a', 'b', 'é', 'ب', '\uFF5E', '\u{1F600}']);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
  });

  it('puts null first ascending, last descending, and breaks ties by id in the sort direction', () => {
    const asc = resolveSort({ field: 'n', direction: 'asc', type: 'number' });
    const desc = resolveSort({ field: 'n', direction: 'desc', type: 'number' });
    const positions = [
      { value: 2, id: 'b' },
      { value: null, id: 'z' },
      { value: 10, id: 'a' },
      { value: 2, id: 'a' },
    ];
    const order = (s: typeof asc) =>
      [...positions].sort((x, y) => comparePositions(x, y, s)).map((p) => `${p.value}:${p.id}`);
    expect(order(asc)).toEqual(['null:z', '2:a', '2:b', '10:a']);
    expect(order(desc)).toEqual(['10:a', '2:b', '2:a', 'null:z']);
  });

  it('reads values of the declared type only', () => {
    const byNumber = resolveSort({ field: 'a.n', direction: 'asc', type: 'number' });
    const byString = resolveSort({ field: 'a.n', direction: 'asc' });
    expect(sortValueOf({ id: 'x', a: { n: 5 } }, byNumber)).toBe(5);
    expect(sortValueOf({ id: 'x', a: { n: '5' } }, byNumber)).toBeNull();
    expect(sortValueOf({ id: 'x', a: { n: 5 } }, byString)).toBeNull();
    expect(sortValueOf({ id: 'x' }, byString)).toBeNull();
  });

  it('defaults to id ascending and validates the spec', () => {
    expect(resolveSort(undefined)).toMatchObject({ field: 'id', direction: 'asc', byId: true });
    expect(resolveSort({ field: 'id', direction: 'desc', type: 'number' })).toMatchObject({
      type: 'string',
      byId: true,
    });
    expect(() => resolveSort({ field: 'x', direction: 'up' as never })).toThrow(ReadStoreError);
    expect(() => resolveSort({ field: 'x', direction: 'asc', type: 'date' as never })).toThrow(ReadStoreError);
  });
});
