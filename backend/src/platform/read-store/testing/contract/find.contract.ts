import { InvalidCursorError, ReadStoreError } from '../../core/errors';
import type { Collection, Doc, FindQuery } from '../../read-store.port';
import type { ContractContext } from './context';

type Item = Doc & {
  kind?: string;
  score?: number | null;
  name?: string;
  tags?: unknown;
  flag?: boolean;
  nested?: { k?: number };
};

const ids = (items: Doc[]) => items.map((d) => d.id);

/** Follows nextCursor to the end; fails on a cursor loop instead of hanging. */
async function allPages<T extends Doc>(coll: Collection<T>, query: FindQuery, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let after: string | null = null;
  do {
    const page: { items: T[]; nextCursor: string | null } = await coll.find({ ...query, after, limit });
    pages.push(page.items);
    after = page.nextCursor;
    if (pages.length > 1000) throw new Error('cursor never ends');
  } while (after);
  return pages;
}

export function findContract(ctx: ContractContext): void {
  describe('find and count', () => {
    const seed = async (spec = {}) => {
      const coll = await ctx.collection<Item>(spec);
      await coll.upsertMany([
        { id: 'a', kind: 'post', score: 3, flag: true, tags: ['x', 'y'], nested: { k: 1 } },
        { id: 'b', kind: 'post', score: 10, flag: false, tags: ['y'], nested: { k: 2 } },
        { id: 'c', kind: 'poll', score: 3, flag: true, tags: [] },
        { id: 'd', kind: 'user', score: null, tags: 'x' },
        { id: 'e', score: 2.5, flag: false },
      ]);
      return coll;
    };

    it('filters by equality on strings, numbers, booleans and dotted paths', async () => {
      const coll = await seed();
      expect(ids((await coll.find({ where: { kind: 'post' } })).items)).toEqual(['a', 'b']);
      expect(ids((await coll.find({ where: { score: 3 } })).items)).toEqual(['a', 'c']);
      expect(ids((await coll.find({ where: { score: 2.5 } })).items)).toEqual(['e']);
      expect(ids((await coll.find({ where: { flag: false } })).items)).toEqual(['b', 'e']);
      expect(ids((await coll.find({ where: { 'nested.k': 2 } })).items)).toEqual(['b']);
      expect(ids((await coll.find({ where: { kind: 'post', flag: true } })).items)).toEqual(['a']);
      expect(ids((await coll.find({ where: { id: 'c' } })).items)).toEqual(['c']);
    });

    it('keeps types apart: "3" is not 3 and true is not "true"', async () => {
      const coll = await seed();
      await coll.upsert({ id: 'f', score: '3' as unknown as number, kind: 'true' });
      expect(ids((await coll.find({ where: { score: 3 } })).items)).toEqual(['a', 'c']);
      expect(ids((await coll.find({ where: { score: '3' } })).items)).toEqual(['f']);
      expect(ids((await coll.find({ where: { kind: true } })).items)).toEqual([]);
    });

    it('null matches a null or missing field', async () => {
      const coll = await seed();
      expect(ids((await coll.find({ where: { score: null } })).items)).toEqual(['d']);
      expect(ids((await coll.find({ where: { kind: null } })).items)).toEqual(['e']);
      expect(ids((await coll.find({ where: { 'nested.k': null } })).items)).toEqual(['c', 'd', 'e']);
    });

    it('$in matches any listed value; an empty list matches nothing', async () => {
      const coll = await seed();
      expect(ids((await coll.find({ where: { kind: { $in: ['poll', 'user'] } } })).items)).toEqual(['c', 'd']);
      expect(ids((await coll.find({ where: { score: { $in: [10, 2.5] } } })).items)).toEqual(['b', 'e']);
      expect(ids((await coll.find({ where: { kind: { $in: ['user', null] } } })).items)).toEqual(['d', 'e']);
      expect(ids((await coll.find({ where: { id: { $in: ['e', 'a', 'zz'] } } })).items)).toEqual(['a', 'e']);
      expect((await coll.find({ where: { kind: { $in: [] } } })).items).toEqual([]);
    });

    it('$contains matches arrays holding the value; equality does not look inside arrays', async () => {
      const coll = await seed({ arrayFields: ['tags'] });
      expect(ids((await coll.find({ where: { tags: { $contains: 'x' } } })).items)).toEqual(['a']);
      expect(ids((await coll.find({ where: { tags: { $contains: 'y' }, kind: 'post' } })).items)).toEqual(['a', 'b']);
      expect(ids((await coll.find({ where: { tags: 'x' } })).items)).toEqual(['d']);
      expect(await coll.count({ tags: { $contains: 'nothing' } })).toBe(0);
    });

    // PostgreSQL text and jsonb cannot hold U+0000: a NUL from a URL (a username, an id) once answered 500 there.
    it('a value with U+0000 matches nothing, in a filter, an id lookup or a delete', async () => {
      const coll = await seed({ arrayFields: ['tags'] });
      expect((await coll.find({ where: { kind: 'post\u0000' } })).items).toEqual([]);
      expect(ids((await coll.find({ where: { kind: { $in: ['poll', '\u0000', null] } } })).items)).toEqual(['c', 'e']);
      expect(await coll.count({ tags: { $contains: 'x\u0000' } })).toBe(0);
      expect((await coll.find({ where: { id: 'a\u0000' } })).items).toEqual([]);
      expect(await coll.get('a\u0000')).toBeNull();
      expect(ids(await coll.getMany(['a', '\u0000']))).toEqual(['a']);
      expect(await coll.delete('a\u0000')).toBe(false);
      expect(await coll.deleteMany(['\u0000'])).toBe(0);
      expect(await coll.count({})).toBe(5);
    });

    it('refuses unknown operators and bad paths', async () => {
      const coll = await seed();
      await expect(coll.find({ where: { score: { $gt: 1 } as never } })).rejects.toThrow(ReadStoreError);
      await expect(coll.find({ where: { 'a b': 1 } })).rejects.toThrow(ReadStoreError);
      await expect(coll.count({ kind: { $in: [{}] } as never })).rejects.toThrow(ReadStoreError);
    });

    it('sorts by id ascending by default', async () => {
      const coll = await ctx.collection();
      await coll.upsertMany(['m', 'B', 'a', 'Z', '10', '9'].map((id) => ({ id })));
      expect(ids((await coll.find()).items)).toEqual(['10', '9', 'B', 'Z', 'a', 'm']);
      expect(ids((await coll.find({ sort: { field: 'id', direction: 'desc' } })).items)).toEqual([
        'm',
        'a',
        'Z',
        'B',
        '9',
        '10',
      ]);
    });

    it('sorts strings by code point, ties broken by id in the same direction', async () => {
      const coll = await ctx.collection<Item>({ indexes: [{ fields: [], sort: { field: 'name' } }] });
      await coll.upsertMany([
        { id: '1', name: 'b' },
        { id: '2', name: 'B' },
        { id: '3', name: 'é' },
        { id: '4', name: '\u{1F600}' },
        { id: '5', name: '\uFF5E' },
        { id: '6', name: 'b' },
        { id: '7', name: 'ب' },
      ]);
      const asc = await coll.find({ sort: { field: 'name', direction: 'asc' } });
      expect(ids(asc.items)).toEqual(['2', '1', '6', '3', '7', '5', '4']);
      const desc = await coll.find({ sort: { field: 'name', direction: 'desc', type: 'string' } });
      expect(ids(desc.items)).toEqual(['4', '5', '7', '3', '6', '1', '2']);
    });

    it('sorts numbers numerically, ties by id; missing values first ascending and last descending', async () => {
      const coll = await seed({ indexes: [{ fields: ['kind'], sort: { field: 'score', type: 'number' } }] });
      await coll.upsert({ id: 'f', score: -1 });
      const asc = await coll.find({ sort: { field: 'score', direction: 'asc', type: 'number' } });
      expect(ids(asc.items)).toEqual(['d', 'f', 'e', 'a', 'c', 'b']);
      const desc = await coll.find({ sort: { field: 'score', direction: 'desc', type: 'number' } });
      expect(ids(desc.items)).toEqual(['b', 'c', 'a', 'e', 'f', 'd']);
      const posts = await coll.find({
        where: { kind: 'post' },
        sort: { field: 'score', direction: 'desc', type: 'number' },
      });
      expect(ids(posts.items)).toEqual(['b', 'a']);
    });

    it('pages through everything with the keyset cursor: no duplicates, no gaps, null at the end', async () => {
      const coll = await ctx.collection<Item>({
        indexes: [{ fields: ['kind'], sort: { field: 'score', type: 'number' } }],
      });
      // Many ties and some missing values, so pages end inside runs of equal keys and among nulls.
      const docs = Array.from({ length: 47 }, (_, i) => ({
        id: `d${String((i * 17) % 47).padStart(2, '0')}`,
        kind: i % 3 === 0 ? 'post' : 'poll',
        ...(i % 5 === 0 ? {} : { score: i % 4 }),
      }));
      await coll.upsertMany(docs);
      for (const direction of ['asc', 'desc'] as const) {
        for (const where of [undefined, { kind: 'poll' }]) {
          const query: FindQuery = { where, sort: { field: 'score', direction, type: 'number' } };
          const whole = (await coll.find({ ...query, limit: 1000 })).items;
          for (const size of [1, 4, 7]) {
            const pages = await allPages(coll, query, size);
            const flat = pages.flat();
            expect(ids(flat)).toEqual(ids(whole));
            expect(new Set(ids(flat)).size).toBe(flat.length);
            expect(pages.slice(0, -1).every((p) => p.length === size)).toBe(true);
            expect(pages[pages.length - 1]!.length).toBeGreaterThan(0);
          }
          expect(whole.length).toBe(where ? 31 : 47);
          // The order itself: by score with nulls at the start (asc) or end (desc), then by id.
          const key = (d: Item) => [d.score ?? -Infinity, d.id] as const;
          const sorted = [...whole].sort((x, y) => {
            const [sx, ix] = key(x);
            const [sy, iy] = key(y);
            const c = sx !== sy ? sx - sy : ix < iy ? -1 : ix > iy ? 1 : 0;
            return direction === 'asc' ? c : -c;
          });
          expect(ids(whole)).toEqual(ids(sorted));
        }
      }
    });

    it('answers nextCursor null when the last page is exactly full', async () => {
      const coll = await ctx.collection();
      await coll.upsertMany(['a', 'b', 'c', 'd'].map((id) => ({ id })));
      const first = await coll.find({ limit: 2 });
      expect(ids(first.items)).toEqual(['a', 'b']);
      expect(first.nextCursor).not.toBeNull();
      const second = await coll.find({ limit: 2, after: first.nextCursor });
      expect(ids(second.items)).toEqual(['c', 'd']);
      expect(second.nextCursor).toBeNull();
    });

    it('keeps its place when documents are added before the cursor', async () => {
      const coll = await ctx.collection<Item>();
      await coll.upsertMany([10, 20, 30, 40].map((n) => ({ id: `p${n}`, score: n })));
      const sort = { field: 'score', direction: 'desc', type: 'number' } as const;
      const first = await coll.find({ sort, limit: 2 });
      await coll.upsert({ id: 'p50', score: 50 });
      const second = await coll.find({ sort, limit: 2, after: first.nextCursor });
      expect(ids([...first.items, ...second.items])).toEqual(['p40', 'p30', 'p20', 'p10']);
    });

    it('applies the page limit rules: 50 by default, at most 1000, positive integers only', async () => {
      const coll = await ctx.collection();
      await coll.upsertMany(Array.from({ length: 1005 }, (_, i) => ({ id: `d${String(i).padStart(4, '0')}` })));
      const byDefault = await coll.find();
      expect(byDefault.items).toHaveLength(50);
      expect(byDefault.nextCursor).not.toBeNull();
      expect((await coll.find({ limit: 5000 })).items).toHaveLength(1000);
      expect((await coll.find({ limit: 3 })).items).toHaveLength(3);
      await expect(coll.find({ limit: 0 })).rejects.toThrow(ReadStoreError);
      await expect(coll.find({ limit: 2.5 })).rejects.toThrow(ReadStoreError);
    });

    it('refuses cursors that are garbage or belong to another sort', async () => {
      const coll = await seed();
      const byNumber = await coll.find({ sort: { field: 'score', direction: 'asc', type: 'number' }, limit: 2 });
      await expect(coll.find({ after: 'not a cursor' })).rejects.toThrow(InvalidCursorError);
      await expect(coll.find({ after: Buffer.from('{"a":1}').toString('base64url') })).rejects.toThrow(
        InvalidCursorError,
      );
      await expect(
        coll.find({ sort: { field: 'kind', direction: 'asc' }, after: byNumber.nextCursor }),
      ).rejects.toThrow(InvalidCursorError);
    });

    it('counts all documents or those matching a filter', async () => {
      const coll = await seed();
      expect(await coll.count()).toBe(5);
      expect(await coll.count({})).toBe(5);
      expect(await coll.count({ kind: 'post' })).toBe(2);
      expect(await coll.count({ flag: true, score: 3 })).toBe(2);
      expect(await coll.count({ kind: { $in: ['poll', 'user', 'none'] } })).toBe(2);
    });
  });
}
