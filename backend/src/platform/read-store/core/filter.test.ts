import fc from 'fast-check';

import { ReadStoreError } from './errors';
import { clauseKeys, docKeys, matchesFilter, parseFilter } from './filter';

const match = (doc: unknown, filter: Parameters<typeof parseFilter>[0]) => matchesFilter(doc, parseFilter(filter));

describe('filters in JavaScript', () => {
  const doc = { id: 'a', kind: 'post', n: 3, ok: false, nil: null, tags: ['x', 1, null], meta: { lang: 'ar' } };

  it('matches equality exactly, by type', () => {
    expect(match(doc, { kind: 'post', n: 3, ok: false, 'meta.lang': 'ar' })).toBe(true);
    expect(match(doc, { n: '3' })).toBe(false);
    expect(match(doc, { ok: 0 })).toBe(false);
    expect(match(doc, { tags: 'x' })).toBe(false);
    expect(match(doc, { meta: 'ar' })).toBe(false);
  });

  it('lets null match null or missing, nothing else', () => {
    expect(match(doc, { nil: null })).toBe(true);
    expect(match(doc, { absent: null, 'meta.absent': null, 'kind.deeper': null })).toBe(true);
    expect(match(doc, { ok: null })).toBe(false);
  });

  it('supports $in and $contains', () => {
    expect(match(doc, { kind: { $in: ['user', 'post'] } })).toBe(true);
    expect(match(doc, { kind: { $in: [] } })).toBe(false);
    expect(match(doc, { absent: { $in: ['x', null] } })).toBe(true);
    expect(match(doc, { tags: { $contains: 1 } })).toBe(true);
    expect(match(doc, { tags: { $contains: '1' } })).toBe(false);
    expect(match(doc, { tags: { $contains: null } })).toBe(true);
    expect(match(doc, { kind: { $contains: 'post' } })).toBe(false);
  });

  it('is an AND of its conditions; an empty filter matches everything', () => {
    expect(match(doc, { kind: 'post', n: 4 })).toBe(false);
    expect(match(doc, {})).toBe(true);
    expect(match(doc, undefined)).toBe(true);
  });

  it.each([
    [{ n: { $gt: 1 } }],
    [{ n: { $in: [1], $contains: 1 } }],
    [{ n: { $in: 'x' } }],
    [{ n: { $contains: [1] } }],
    [{ n: [1] }],
    [{ n: Number.NaN }],
    [{ 'a b': 1 }],
  ])('refuses %j', (filter) => {
    expect(() => parseFilter(filter as never)).toThrow(ReadStoreError);
  });
});

describe('clause keys', () => {
  const scalar = fc.oneof(fc.constantFrom('a', 'b', '', 0, -0, 1, 2.5, true, false, null), fc.string({ maxLength: 3 }));
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.constant(undefined), fc.record({ x: scalar }));
  const filterValue = fc.oneof(
    scalar,
    fc.record({ $in: fc.array(scalar, { maxLength: 3 }) }),
    fc.record({ $contains: scalar }),
  );

  it('a document that matches a clause always shares a key with it', () => {
    fc.assert(
      fc.property(value, filterValue, (v, f) => {
        const doc = v === undefined ? { id: 'd' } : { id: 'd', f: v };
        const [clause] = parseFilter({ f } as never);
        if (!matchesFilter(doc, [clause!])) return;
        const keys = new Set(clauseKeys(clause!));
        expect(docKeys(doc, clause!).some((k) => keys.has(k))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells a document with another value apart', () => {
    const [clause] = parseFilter({ conversationId: 'c1' });
    expect(docKeys({ id: 'm', conversationId: 'c2' }, clause!)).toEqual(['"c2"']);
    expect(clauseKeys(clause!)).toEqual(['"c1"']);
    const [members] = parseFilter({ participants: { $contains: 'u1' } });
    expect(docKeys({ id: 'c', participants: ['u2', 'u3'] }, members!)).toEqual(['"u2"', '"u3"']);
  });
});
