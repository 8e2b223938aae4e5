import type { ContractContext } from './context';

export function transactionsContract(ctx: ContractContext): void {
  describe('transactions', () => {
    it('commits writes to several collections and a search index together, returning fn’s value', async () => {
      const posts = await ctx.collection();
      const counters = await ctx.collection();
      const search = await ctx.searchIndex();
      const result = await ctx.store().transaction(async (s) => {
        await s.collection(posts.name).upsert({ id: 'p1', title: 'Jumuah reminder' });
        await s.collection(counters.name).update('total', { inc: { n: 1 } }, { upsert: true });
        await s.searchIndex(search.name).upsert('p1', { text: 'Jumuah reminder' });
        return 'done';
      });
      expect(result).toBe('done');
      expect(await posts.get('p1')).toEqual({ id: 'p1', title: 'Jumuah reminder' });
      expect(await counters.get('total')).toEqual({ id: 'total', n: 1 });
      expect((await search.query('jumuah')).map((h) => h.id)).toEqual(['p1']);
    });

    it('sees its own writes before committing', async () => {
      const posts = await ctx.collection();
      await ctx.store().transaction(async (s) => {
        const inTx = s.collection(posts.name);
        await inTx.upsertMany([{ id: 'a', n: 1 }, { id: 'b', n: 2 }]);
        await inTx.update('a', { inc: { n: 10 } });
        expect(await inTx.get('a')).toEqual({ id: 'a', n: 11 });
        expect(await inTx.count()).toBe(2);
        expect((await inTx.find({ where: { n: 2 } })).items).toEqual([{ id: 'b', n: 2 }]);
      });
      expect(await posts.count()).toBe(2);
    });

    it('rolls everything back when fn throws, and rethrows', async () => {
      const posts = await ctx.collection();
      const search = await ctx.searchIndex();
      await posts.upsertMany([{ id: 'keep', n: 1 }, { id: 'gone', n: 2 }]);
      await search.upsert('keep', { text: 'sabr patience' });
      const failure = new Error('projection failed');
      await expect(
        ctx.store().transaction(async (s) => {
          const inTx = s.collection(posts.name);
          await inTx.upsert({ id: 'new', n: 3 });
          await inTx.upsertMany([{ id: 'new2' }, { id: 'keep', n: 100 }]);
          await inTx.update('keep', { inc: { n: 1 } });
          await inTx.update('upserted', { set: { x: 1 } }, { upsert: true });
          await inTx.delete('gone');
          await inTx.deleteMany(['keep']);
          await s.searchIndex(search.name).upsert('new', { text: 'shukr gratitude' });
          await s.searchIndex(search.name).remove('keep');
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect((await posts.find()).items).toEqual([
        { id: 'gone', n: 2 },
        { id: 'keep', n: 1 },
      ]);
      expect((await search.query('gratitude')).map((h) => h.id)).toEqual([]);
      expect((await search.query('patience')).map((h) => h.id)).toEqual(['keep']);
    });

    it('rolls back a failed update inside the transaction with the rest', async () => {
      const posts = await ctx.collection();
      await posts.upsert({ id: 'a', title: 'text' });
      await expect(
        ctx.store().transaction(async (s) => {
          await s.collection(posts.name).upsert({ id: 'b' });
          await s.collection(posts.name).update('a', { inc: { title: 1 } });
        }),
      ).rejects.toThrow();
      expect((await posts.find()).items).toEqual([{ id: 'a', title: 'text' }]);
    });
  });
}
