import { ReadStoreError } from '../../core/errors';
import type { Doc, UpdateSpec } from '../../read-store.port';
import type { ContractContext } from './context';

export function updatesContract(ctx: ContractContext): void {
  describe('partial updates', () => {
    it('set writes dotted paths, creating missing objects and keeping siblings', async () => {
      const docs = await ctx.collection();
      await docs.upsert({ id: 'a', stats: { likes: 1, views: 5 }, title: 't' });
      const next = await docs.update('a', { set: { 'stats.likes': 2, 'author.profile.name': 'Aisha', title: 'T' } });
      const expected = { id: 'a', stats: { likes: 2, views: 5 }, author: { profile: { name: 'Aisha' } }, title: 'T' };
      expect(next).toEqual(expected);
      expect(await docs.get('a')).toEqual(expected);
    });

    it('set stores objects and arrays whole', async () => {
      const docs = await ctx.collection();
      await docs.upsert({ id: 'a', media: [{ url: 'x' }] });
      expect(await docs.update('a', { set: { media: [], poll: { options: ['x', 'y'] } } })).toEqual({
        id: 'a',
        media: [],
        poll: { options: ['x', 'y'] },
      });
    });

    it('unset removes fields and nested fields; a missing one is a no-op', async () => {
      const docs = await ctx.collection();
      await docs.upsert({ id: 'a', draft: true, stats: { likes: 1, views: 2 } });
      expect(await docs.update('a', { unset: ['draft', 'stats.views', 'never.there'] })).toEqual({
        id: 'a',
        stats: { likes: 1 },
      });
    });

    it('inc starts a missing field at zero, adds negatives, and works on dotted paths', async () => {
      const docs = await ctx.collection();
      await docs.upsert({ id: 'a', likes: 10 });
      await docs.update('a', { inc: { likes: -3, 'stats.comments': 1 } });
      await docs.update('a', { inc: { 'stats.comments': 1.5 } });
      expect(await docs.get('a')).toEqual({ id: 'a', likes: 7, stats: { comments: 2.5 } });
    });

    it('addToSet creates the array, adds each value once and is idempotent', async () => {
      const docs = await ctx.collection();
      await docs.upsert({ id: 'a' });
      await docs.update('a', { addToSet: { likedBy: 'u1' } });
      await docs.update('a', { addToSet: { likedBy: ['u2', 'u1', 'u2'] } });
      await docs.update('a', { addToSet: { likedBy: 'u1', 'flags.values': [1, true, null] } });
      expect(await docs.get('a')).toEqual({ id: 'a', likedBy: ['u1', 'u2'], flags: { values: [1, true, null] } });
    });

    it('removeFromSet removes every occurrence and leaves a missing array missing', async () => {
      const docs = await ctx.collection();
      await docs.upsert({ id: 'a', likedBy: ['u1', 'u2', 'u1', 'u3'], n: [1, 2, 3] });
      await docs.update('a', { removeFromSet: { likedBy: 'u1', n: [2, 3], absent: 'x' } });
      expect(await docs.get('a')).toEqual({ id: 'a', likedBy: ['u2', 'u3'], n: [1] });
    });

    it('applies several operators in one update', async () => {
      const docs = await ctx.collection();
      await docs.upsert({ id: 'a', title: 'x', old: 1, likes: 1, tags: ['a'] });
      const next = await docs.update('a', {
        set: { title: 'y' },
        unset: ['old'],
        inc: { likes: 1 },
        addToSet: { tags: 'b' },
        removeFromSet: { blocked: 'z' },
      });
      expect(next).toEqual({ id: 'a', title: 'y', likes: 2, tags: ['a', 'b'] });
    });

    it('without upsert, updating a missing document answers null and creates nothing', async () => {
      const docs = await ctx.collection();
      expect(await docs.update('nope', { set: { a: 1 } })).toBeNull();
      expect(await docs.update('nope', { set: { a: 1 } }, { upsert: false })).toBeNull();
      expect(await docs.get('nope')).toBeNull();
    });

    it('with upsert, a missing document starts as { id } and gets the update', async () => {
      const docs = await ctx.collection();
      const created = await docs.update(
        'c1',
        { set: { 'counts.total': 5 }, inc: { likes: 1 }, addToSet: { tags: 'x' }, unset: ['gone'] },
        { upsert: true },
      );
      const expected = { id: 'c1', counts: { total: 5 }, likes: 1, tags: ['x'] };
      expect(created).toEqual(expected);
      expect(await docs.get('c1')).toEqual(expected);
      expect(await docs.update('c2', {}, { upsert: true })).toEqual({ id: 'c2' });
      expect(await docs.update('c3', {})).toBeNull();
    });

    it('concurrent upserting increments of one missing document all count', async () => {
      const docs = await ctx.collection<Doc & { n: number }>();
      await Promise.all(Array.from({ length: 20 }, () => docs.update('counter', { inc: { n: 1 } }, { upsert: true })));
      expect((await docs.get('counter'))?.n).toBe(20);
    });

    it('refuses invalid updates and leaves the document unchanged', async () => {
      const docs = await ctx.collection();
      const original = { id: 'a', title: 'text', tags: 'not-an-array', stats: { likes: 1 } };
      await docs.upsert(original);
      const refused: UpdateSpec[] = [
        { set: { id: 'b' } },
        { set: { stats: {} }, inc: { 'stats.likes': 1 } },
        { set: { 'bad..path': 1 } },
        { set: { 'a.$b': 1 } },
        { inc: { likes: Number.NaN } },
        { set: { title: undefined } },
      ];
      for (const spec of refused) await expect(docs.update('a', spec)).rejects.toThrow(ReadStoreError);
      // These depend on the stored document; engines may word the error their own way.
      await expect(docs.update('a', { inc: { title: 1 } })).rejects.toThrow();
      await expect(docs.update('a', { addToSet: { tags: 'x' } })).rejects.toThrow();
      await expect(docs.update('a', { removeFromSet: { tags: 'x' } })).rejects.toThrow();
      await expect(docs.update('a', { set: { 'title.sub': 1 } })).rejects.toThrow();
      expect(await docs.get('a')).toEqual(original);
    });
  });
}
