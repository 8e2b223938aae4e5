import { ReadStoreError } from '../../core/errors';
import type { ContractContext } from './context';

export function schemaContract(ctx: ContractContext): void {
  describe('collections and indexes', () => {
    const spec = {
      indexes: [
        { fields: ['authorId'], sort: { field: 'createdAt' } },
        { fields: ['kind', 'stats.visible'], sort: { field: 'stats.likes', type: 'number' as const } },
        { fields: ['authorId'] },
      ],
      arrayFields: ['participants'],
    };

    it('ensureCollection is idempotent and keeps the data', async () => {
      const store = ctx.store();
      const name = ctx.uniqueName('c');
      await store.ensureCollection({ name, ...spec });
      await store.collection(name).upsert({ id: 'a', authorId: 'u1', createdAt: '2024-01-01T00:00:00Z' });
      await store.ensureCollection({ name, ...spec });
      await store.ensureCollection({ name });
      expect(await store.collection(name).get('a')).toEqual({
        id: 'a',
        authorId: 'u1',
        createdAt: '2024-01-01T00:00:00Z',
      });
    });

    it('answers queries shaped like its indexes', async () => {
      const coll = await ctx.collection(spec);
      await coll.upsertMany([
        {
          id: '1',
          authorId: 'u1',
          createdAt: '2024-01-02',
          kind: 'post',
          stats: { visible: true, likes: 5 },
          participants: ['u1', 'u2'],
        },
        {
          id: '2',
          authorId: 'u1',
          createdAt: '2024-01-03',
          kind: 'post',
          stats: { visible: true, likes: 50 },
          participants: ['u2'],
        },
        { id: '3', authorId: 'u2', createdAt: '2024-01-01', kind: 'post', stats: { visible: false, likes: 7 } },
      ]);
      const byAuthor = await coll.find({ where: { authorId: 'u1' }, sort: { field: 'createdAt', direction: 'desc' } });
      expect(byAuthor.items.map((d) => d.id)).toEqual(['2', '1']);
      const liked = await coll.find({
        where: { kind: 'post', 'stats.visible': true },
        sort: { field: 'stats.likes', direction: 'desc', type: 'number' },
        limit: 1,
      });
      expect(liked.items.map((d) => d.id)).toEqual(['2']);
      const rest = await coll.find({
        where: { kind: 'post', 'stats.visible': true },
        sort: { field: 'stats.likes', direction: 'desc', type: 'number' },
        after: liked.nextCursor,
      });
      expect(rest.items.map((d) => d.id)).toEqual(['1']);
      expect(await coll.count({ participants: { $contains: 'u2' } })).toBe(2);
    });

    it('dropCollection removes the documents; ensuring it again starts empty', async () => {
      const store = ctx.store();
      const coll = await ctx.collection(spec);
      await coll.upsert({ id: 'a' });
      await store.dropCollection(coll.name);
      await store.dropCollection(coll.name);
      await store.ensureCollection({ name: coll.name, ...spec });
      expect(await coll.count()).toBe(0);
      expect(await coll.get('a')).toBeNull();
    });

    it('ensureSearchIndex is idempotent; dropSearchIndex empties it', async () => {
      const store = ctx.store();
      const index = await ctx.searchIndex();
      await index.upsert('a', { text: 'masjid' });
      await store.ensureSearchIndex(index.name);
      expect((await index.query('masjid')).map((h) => h.id)).toEqual(['a']);
      await store.dropSearchIndex(index.name);
      await store.dropSearchIndex(index.name);
      await store.ensureSearchIndex(index.name);
      expect(await index.query('masjid')).toEqual([]);
    });

    it('refuses names that cannot be table or collection names', async () => {
      const store = ctx.store();
      expect(() => store.collection('bad-name')).toThrow(ReadStoreError);
      expect(() => store.collection('')).toThrow(ReadStoreError);
      expect(() => store.searchIndex('drop table; --')).toThrow(ReadStoreError);
      await expect(store.ensureCollection({ name: 'x'.repeat(51) })).rejects.toThrow(ReadStoreError);
      await expect(store.ensureCollection({ name: 'ok', indexes: [{ fields: ["a'b"] }] })).rejects.toThrow(
        ReadStoreError,
      );
    });
  });
}
