import { ReadStoreError } from './errors';
import { applyUpdate, isEmptyUpdate, parseUpdate } from './update';

describe('applyUpdate', () => {
  const doc = { id: 'p1', title: 'old', stats: { likes: 2 }, tags: ['a'], list: [{ x: 1 }, { x: 2 }] };

  it('returns a new document and leaves the input untouched', () => {
    const before = JSON.parse(JSON.stringify(doc));
    const next = applyUpdate(doc, { set: { title: 'new' }, inc: { 'stats.likes': 1 }, addToSet: { tags: 'b' } });
    expect(next).toEqual({ ...before, title: 'new', stats: { likes: 3 }, tags: ['a', 'b'] });
    expect(doc).toEqual(before);
  });

  it('copies set values so later changes by the caller do not leak in', () => {
    const value = { deep: [1] };
    const next = applyUpdate({ id: 'a' }, { set: { v: value } });
    value.deep.push(2);
    expect(next).toEqual({ id: 'a', v: { deep: [1] } });
  });

  it('addresses array elements with numeric segments, padding with null like MongoDB', () => {
    expect(applyUpdate(doc, { set: { 'list.1.x': 9 } }).list).toEqual([{ x: 1 }, { x: 9 }]);
    expect(applyUpdate({ id: 'a', l: [1] }, { set: { 'l.3': 4 } }).l).toEqual([1, null, null, 4]);
    expect(applyUpdate({ id: 'a', l: [1, 2] }, { unset: ['l.0'] }).l).toEqual([null, 2]);
  });

  it('creates objects on the way but refuses to write through scalars, null or arrays by name', () => {
    expect(applyUpdate({ id: 'a' }, { set: { 'a.b.c': 1 } })).toEqual({ id: 'a', a: { b: { c: 1 } } });
    expect(() => applyUpdate({ id: 'a', s: 'x' }, { set: { 's.b': 1 } })).toThrow(ReadStoreError);
    expect(() => applyUpdate({ id: 'a', n: null }, { set: { 'n.b': 1 } })).toThrow(ReadStoreError);
    expect(() => applyUpdate({ id: 'a', l: [] }, { set: { 'l.name': 1 } })).toThrow(ReadStoreError);
  });

  it('inc refuses non-numbers, including null', () => {
    expect(() => applyUpdate({ id: 'a', n: '1' }, { inc: { n: 1 } })).toThrow(ReadStoreError);
    expect(() => applyUpdate({ id: 'a', n: null }, { inc: { n: 1 } })).toThrow(ReadStoreError);
  });

  it('addToSet and removeFromSet compare scalars strictly', () => {
    const next = applyUpdate({ id: 'a', s: [1, '1', true, null] }, { addToSet: { s: [1, 'true', null] } });
    expect(next.s).toEqual([1, '1', true, null, 'true']);
    expect(applyUpdate(next, { removeFromSet: { s: ['1', null] } }).s).toEqual([1, true, 'true']);
  });
});

describe('parseUpdate', () => {
  it.each([
    ['the id', { set: { id: 'x' } }],
    ['a nested id', { unset: ['id.x'] }],
    ['the same path twice', { set: { a: 1 }, unset: ['a'] }],
    ['a path and its parent', { set: { 'a.b': 1 }, inc: { a: 1 } }],
    ['a parent after its child', { inc: { 'a.b.c': 1 }, set: { 'a.b': {} } }],
    ['an empty segment', { set: { 'a..b': 1 } }],
    ['a dollar sign', { set: { $where: 1 } }],
    ['__proto__', { set: { '__proto__.polluted': 1 } }],
    ['a non-finite increment', { inc: { a: Infinity } }],
    ['undefined', { set: { a: undefined } }],
    ['objects in a set operation', { addToSet: { a: [{}] as never } }],
  ])('refuses %s', (_, spec) => {
    expect(() => parseUpdate(spec)).toThrow(ReadStoreError);
  });

  it('accepts sibling paths that share a prefix of characters only', () => {
    expect(() => parseUpdate({ set: { ab: 1 }, inc: { a: 1, 'abc.d': 1 } })).not.toThrow();
  });

  it('knows an empty update', () => {
    expect(isEmptyUpdate(parseUpdate({}))).toBe(true);
    expect(isEmptyUpdate(parseUpdate({ set: {}, unset: [] }))).toBe(true);
    expect(isEmptyUpdate(parseUpdate({ unset: ['a'] }))).toBe(false);
  });

  it('does not pollute prototypes through JSON values', () => {
    const next = applyUpdate({ id: 'a' }, { set: { v: JSON.parse('{"__proto__": {"polluted": true}}') } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(next)).toBe('{"id":"a","v":{"__proto__":{"polluted":true}}}');
  });
});
