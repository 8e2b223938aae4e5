import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import type { FindQuery } from '@platform/read-store/read-store.port';

import { CachedCollection, CollectionCache } from './cached-collection';

type Post = { id: string; userId: string; status: string; likes: number };

/**
 * Issue 20: a like or a new post must not drop every cached feed page. Each commit is judged
 * against each held page: the cache must answer exactly what the store answers after it.
 */
describe('CachedCollection: feed pages across commits', () => {
  const post = (n: number, userId: string, likes = 0): Post => ({
    id: `p${String(n).padStart(3, '0')}`,
    userId,
    status: 'public',
    likes,
  });

  const setup = async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'posts' });
    const target = store.collection<Post>('posts');
    const docs = Array.from({ length: 30 }, (_, i) => post(i, i % 2 ? 'ann' : 'bob'));
    await target.upsertMany(docs);
    let finds = 0;
    let gate: Promise<void> | null = null;
    const counting = Object.assign(Object.create(target), {
      find: async (q: FindQuery) => {
        finds++;
        const answer = await target.find(q);
        if (gate) await gate;
        return answer;
      },
    });
    const cache = new CollectionCache();
    const cached = new CachedCollection<Post>(counting, cache);
    /** What a runner does: writes the store, then tells the cache what it committed. */
    const commit = async (...written: (Post | { id: string; deleted: true })[]) => {
      const writes = new Map<string, unknown>();
      for (const w of written) {
        if ('deleted' in w) {
          await target.delete(w.id);
          writes.set(w.id, null);
        } else {
          await target.upsert(w);
          writes.set(w.id, structuredClone(w));
        }
      }
      cache.committed(writes);
    };
    return {
      target,
      cached,
      commit,
      finds: () => finds,
      hold: () => {
        let release!: () => void;
        gate = new Promise((r) => (release = r));
        return () => {
          gate = null;
          release();
        };
      },
    };
  };

  const feed = (userIds: string[], after: string | null = null): FindQuery => ({
    where: { status: 'public', userId: { $in: userIds } },
    sort: { field: 'id', direction: 'desc' },
    after,
    limit: 5,
  });

  /** The cache's answer equals the store's, for every page of every query. */
  const sameAsStore = async (s: Awaited<ReturnType<typeof setup>>, queries: FindQuery[]) => {
    for (const q of queries) expect(await s.cached.find(q)).toEqual(await s.target.find(q));
  };

  it('keeps a page whose post was liked, with the new count, and every other page', async () => {
    const s = await setup();
    const first = await s.cached.find(feed(['ann', 'bob']));
    const second = await s.cached.find(feed(['ann', 'bob'], first.nextCursor));
    const annOnly = await s.cached.find(feed(['ann']));
    expect(s.finds()).toBe(3);
    const liked = second.items[2]!;
    await s.commit({ ...liked, likes: 1 });
    const again = await s.cached.find(feed(['ann', 'bob'], first.nextCursor));
    expect(again.items[2]).toMatchObject({ id: liked.id, likes: 1 });
    await s.cached.find(feed(['ann', 'bob']));
    await s.cached.find(feed(['ann']));
    expect(s.finds()).toBe(3);
    await sameAsStore(s, [feed(['ann', 'bob']), feed(['ann', 'bob'], first.nextCursor), feed(['ann'])]);
    expect(annOnly.items).toHaveLength(5);
  });

  it('drops only the first pages a new post enters', async () => {
    const s = await setup();
    const first = await s.cached.find(feed(['ann', 'bob']));
    await s.cached.find(feed(['ann', 'bob'], first.nextCursor));
    await s.cached.find(feed(['ann']));
    await s.cached.find(feed(['carl']));
    expect(s.finds()).toBe(4);
    await s.commit(post(100, 'bob'));
    // Bob's followers' first page reloads; their second page, Ann's page and Carl's (empty) stay.
    await s.cached.find(feed(['ann', 'bob'], first.nextCursor));
    await s.cached.find(feed(['ann']));
    await s.cached.find(feed(['carl']));
    expect(s.finds()).toBe(4);
    expect((await s.cached.find(feed(['ann', 'bob']))).items[0]!.id).toBe('p100');
    expect(s.finds()).toBe(5);
    // Carl's first post enters his empty page.
    await s.commit(post(101, 'carl'));
    expect((await s.cached.find(feed(['carl']))).items.map((p) => p.id)).toEqual(['p101']);
    await sameAsStore(s, [feed(['ann', 'bob']), feed(['ann', 'bob'], first.nextCursor), feed(['ann']), feed(['carl'])]);
  });

  it('stays equal to the store through deletes, hidden posts and a page end that moves', async () => {
    const s = await setup();
    const queries: FindQuery[] = [];
    let after: string | null = null;
    for (;;) {
      const q = feed(['ann', 'bob'], after);
      queries.push(q, feed(['ann'], after));
      const page = await s.cached.find(q);
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    await sameAsStore(s, queries);
    // The last page's only follower goes, and with it the previous page's "more".
    const steps: (Post | { id: string; deleted: true })[][] = [
      [{ id: 'p000', deleted: true }],
      [{ ...post(1, 'ann'), status: 'removed' }],
      [{ ...post(7, 'ann'), likes: 3 }, post(200, 'ann')],
      [
        { id: 'p029', deleted: true },
        { ...post(3, 'ann'), status: 'removed' },
      ],
      [post(2, 'bob', 9)],
    ];
    for (const step of steps) {
      await s.commit(...step);
      await sameAsStore(s, queries);
    }
  });

  it('runs one query for 50 concurrent askers after a commit', async () => {
    const s = await setup();
    await s.cached.find(feed(['ann', 'bob']));
    await s.commit(post(100, 'bob'));
    const before = s.finds();
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.cached.find(feed(['ann', 'bob']))));
    expect(s.finds() - before).toBe(1);
    expect(new Set(answers.map((a) => a.items[0]!.id))).toEqual(new Set(['p100']));
  });

  it('keeps a page loaded across a commit that leaves it standing, not one across a commit it enters', async () => {
    const s = await setup();
    const release = s.hold();
    const loading = s.cached.find(feed(['ann']));
    await s.commit(post(300, 'bob')); // not Ann's
    release();
    await loading;
    await s.cached.find(feed(['ann']));
    expect(s.finds()).toBe(1);

    const release2 = s.hold();
    const loading2 = s.cached.find(feed(['bob']));
    await new Promise((r) => setImmediate(r));
    await s.commit(post(301, 'bob'));
    release2();
    await loading2;
    expect((await s.cached.find(feed(['bob']))).items[0]!.id).toBe('p301');
    expect(s.finds()).toBe(3);
  });
});
