import { ReadStoreError } from '../../core/errors';
import type { Doc } from '../../read-store.port';
import type { ContractContext } from './context';

type Post = Doc & { title?: string; meta?: Record<string, unknown>; n?: number };

export function documentsContract(ctx: ContractContext): void {
  describe('documents', () => {
    it('gets null for a missing document and the stored one after upsert', async () => {
      const posts = await ctx.collection<Post>();
      expect(await posts.get('p1')).toBeNull();
      await posts.upsert({ id: 'p1', title: 'Salam', n: 1 });
      expect(await posts.get('p1')).toEqual({ id: 'p1', title: 'Salam', n: 1 });
    });

    it('replaces the whole document on upsert', async () => {
      const posts = await ctx.collection<Post>();
      await posts.upsert({ id: 'p1', title: 'old', n: 1 });
      await posts.upsert({ id: 'p1', title: 'new' });
      expect(await posts.get('p1')).toEqual({ id: 'p1', title: 'new' });
    });

    it('round-trips nested JSON, Arabic text and numbers as JSON', async () => {
      const docs = await ctx.collection();
      const doc = {
        id: 'x',
        text: 'بِسْمِ اللَّهِ — "quotes" \\ back',
        nested: { a: { b: [1, 2.5, -3e-7, { c: null }] }, empty: {}, list: [] },
        flag: false,
        nothing: null,
        at: new Date('2024-03-10T12:00:00.000Z'),
        dropped: undefined,
      };
      await docs.upsert(doc as unknown as Doc);
      expect(await docs.get('x')).toEqual({
        id: 'x',
        text: doc.text,
        nested: doc.nested,
        flag: false,
        nothing: null,
        at: '2024-03-10T12:00:00.000Z',
      });
    });

    it('hands out copies: changing a returned or written object does not change the store', async () => {
      const docs = await ctx.collection<Doc & { tags: string[] }>();
      const written = { id: 'a', tags: ['x'] };
      await docs.upsert(written);
      written.tags.push('changed-after-write');
      const read = (await docs.get('a'))!;
      read.tags.push('changed-after-read');
      expect(await docs.get('a')).toEqual({ id: 'a', tags: ['x'] });
    });

    it('getMany answers in the order of the ids, leaving missing ones out', async () => {
      const posts = await ctx.collection<Post>();
      await posts.upsertMany([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
      const found = await posts.getMany(['c', 'missing', 'a', 'b', 'a']);
      expect(found.map((d) => d.id)).toEqual(['c', 'a', 'b', 'a']);
      expect(await posts.getMany([])).toEqual([]);
    });

    it('upsertMany inserts and replaces in one call; the last version of an id in a batch wins', async () => {
      const posts = await ctx.collection<Post>();
      await posts.upsert({ id: 'a', title: 'old', n: 9 });
      await posts.upsertMany([
        { id: 'a', title: 'replaced' },
        { id: 'b', title: 'first' },
        { id: 'b', title: 'second' },
      ]);
      expect(await posts.getMany(['a', 'b'])).toEqual([
        { id: 'a', title: 'replaced' },
        { id: 'b', title: 'second' },
      ]);
      await posts.upsertMany([]);
      expect(await posts.count()).toBe(2);
    });

    it('upsertMany writes a large batch', async () => {
      const posts = await ctx.collection<Post>();
      const batch = Array.from({ length: 3000 }, (_, i) => ({ id: `p${i}`, n: i }));
      await posts.upsertMany(batch);
      expect(await posts.count()).toBe(3000);
      expect(await posts.get('p2999')).toEqual({ id: 'p2999', n: 2999 });
    });

    it('delete reports whether a document was deleted', async () => {
      const posts = await ctx.collection<Post>();
      await posts.upsert({ id: 'a' });
      expect(await posts.delete('a')).toBe(true);
      expect(await posts.delete('a')).toBe(false);
      expect(await posts.get('a')).toBeNull();
    });

    it('deleteMany counts the documents that existed, once each', async () => {
      const posts = await ctx.collection<Post>();
      await posts.upsertMany([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
      expect(await posts.deleteMany(['a', 'b', 'b', 'missing'])).toBe(2);
      expect(await posts.deleteMany([])).toBe(0);
      expect((await posts.find()).items.map((d) => d.id)).toEqual(['c']);
    });

    it('refuses documents without a usable id', async () => {
      const posts = await ctx.collection<Post>();
      await expect(posts.upsert({ id: '' })).rejects.toThrow(ReadStoreError);
      await expect(posts.upsertMany([{ id: 'ok' }, { id: 7 as unknown as string }])).rejects.toThrow(ReadStoreError);
      expect(await posts.count()).toBe(0);
    });
  });
}
