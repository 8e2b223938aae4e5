import { ReadStoreError } from './errors';
import { getPath, splitPath } from './paths';

describe('paths', () => {
  it('splits dotted paths of plain segments', () => {
    expect(splitPath('stats.likes')).toEqual(['stats', 'likes']);
    expect(splitPath('readBy.0190a2b4-7c1e-7d2f-8b3a-1c2d3e4f5a6b')).toHaveLength(2);
  });

  it.each(['', '.', 'a.', '.a', 'a..b', 'a b', 'a.$b', "a'b", '__proto__', 'a.__proto__'])('refuses %j', (p) => {
    expect(() => splitPath(p)).toThrow(ReadStoreError);
  });

  it('reads own properties and array elements only', () => {
    const doc = { a: { b: [10, { c: 'x' }] } };
    expect(getPath(doc, ['a', 'b', '1', 'c'])).toBe('x');
    expect(getPath(doc, ['a', 'b', '0'])).toBe(10);
    expect(getPath(doc, ['a', 'b', 'length'])).toBeUndefined();
    expect(getPath(doc, ['a', 'toString'])).toBeUndefined();
    expect(getPath(doc, ['a', 'missing', 'deeper'])).toBeUndefined();
  });
});
