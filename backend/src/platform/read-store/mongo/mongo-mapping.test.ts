import { parseFilter } from '../core/filter';
import { resolveSort } from '../core/sorting';
import { parseUpdate } from '../core/update';
import { fromMongoDoc, keysetFilter, toMongoDoc, toMongoFilter, toMongoSort, toMongoUpdate } from './mongo-mapping';

// MongoDB cannot run on the development machines; these pin the translation the adapter sends.
describe('MongoDB mapping', () => {
  it('stores the id as _id and back', () => {
    expect(toMongoDoc({ id: 'a', n: 1, skip: undefined } as never)).toEqual({ _id: 'a', n: 1 });
    expect(fromMongoDoc({ _id: 'a', n: 1 })).toEqual({ id: 'a', n: 1 });
  });

  it('translates filters, keeping equality out of arrays', () => {
    const notArray = { $not: { $type: 'array' } };
    expect(
      toMongoFilter(parseFilter({ kind: 'post', 'a.b': null, id: { $in: ['x'] }, tags: { $contains: 't' } })),
    ).toEqual({
      kind: { $eq: 'post', ...notArray },
      'a.b': { $eq: null, ...notArray },
      _id: { $in: ['x'] },
      tags: { $elemMatch: { $eq: 't' } },
    });
    expect(toMongoFilter(parseFilter({ kind: 'post' }), 'fields.')).toEqual({
      'fields.kind': { $eq: 'post', ...notArray },
    });
  });

  it('translates updates to native operators', () => {
    const spec = parseUpdate({
      set: { 'a.b': 1 },
      unset: ['c'],
      inc: { n: 2 },
      addToSet: { tags: 'x' },
      removeFromSet: { blocked: ['u1', 'u2'] },
    });
    expect(toMongoUpdate(spec)).toEqual({
      $set: { 'a.b': 1 },
      $unset: { c: '' },
      $inc: { n: 2 },
      $addToSet: { tags: { $each: ['x'] } },
      $pull: { blocked: { $in: ['u1', 'u2'] } },
    });
  });

  it('sorts with an _id tie-break and seeks past the cursor, nulls first ascending', () => {
    const desc = resolveSort({ field: 'createdAt', direction: 'desc' });
    const asc = resolveSort({ field: 'n', direction: 'asc', type: 'number' });
    expect(toMongoSort(desc)).toEqual({ createdAt: -1, _id: -1 });
    expect(toMongoSort(resolveSort(undefined))).toEqual({ _id: 1 });
    expect(keysetFilter(desc, { value: 't', id: 'p' })).toEqual({
      $or: [{ createdAt: { $lt: 't' } }, { createdAt: 't', _id: { $lt: 'p' } }, { createdAt: null }],
    });
    expect(keysetFilter(desc, { value: null, id: 'p' })).toEqual({ createdAt: null, _id: { $lt: 'p' } });
    expect(keysetFilter(asc, { value: null, id: 'p' })).toEqual({
      $or: [{ n: null, _id: { $gt: 'p' } }, { n: { $ne: null } }],
    });
    expect(keysetFilter(asc, { value: 3, id: 'p' })).toEqual({ $or: [{ n: { $gt: 3 } }, { n: 3, _id: { $gt: 'p' } }] });
  });
});
