import { PGliteSqlClient } from '../sql/pglite.sql-client';
import type { SqlClient } from '../sql/sql-client';
import { FINDS_PER_STATEMENT, withBatchedReads } from './batched-reads';
import { MemoryReadStore } from './memory.read-store';
import type { Doc, FindQuery } from './read-store.port';
import { SqlReadStore } from './sql.read-store';

/** The PGlite client with every statement it is sent counted. */
function counted(sql: SqlClient) {
  const sent: string[] = [];
  const client = Object.assign(Object.create(sql) as SqlClient, {
    query: (text: string, params?: unknown[]) => {
      sent.push(text);
      return sql.query(text, params);
    },
  });
  return { client, sent };
}

describe('reads asked together, in one round trip', () => {
  let sql: PGliteSqlClient;
  let sent: string[];
  let store: SqlReadStore;

  beforeAll(async () => {
    sql = await PGliteSqlClient.open();
    const c = counted(sql);
    sent = c.sent;
    store = new SqlReadStore(c.client);
    await store.ensureCollection({ name: 'posts' });
    await store.ensureCollection({ name: 'profiles' });
    await store.collection('posts').upsertMany([
      { id: 'p1', text: 'one' },
      { id: 'p2', text: 'two' },
    ]);
    await store.collection('profiles').upsertMany([{ id: 'u1', name: 'Amina' }]);
  });
  afterAll(() => sql.close());
  beforeEach(() => sent.splice(0));

  it('lookupMany answers each collection as its getMany would, in one statement', async () => {
    const answers = await store.lookupMany([
      { collection: 'posts', ids: ['p2', 'missing', 'p1', 'p2'] },
      { collection: 'profiles', ids: ['u1'] },
      { collection: 'profiles', ids: [] },
    ]);
    expect(answers).toEqual([
      [
        { id: 'p2', text: 'two' },
        { id: 'p1', text: 'one' },
        { id: 'p2', text: 'two' },
      ],
      [{ id: 'u1', name: 'Amina' }],
      [],
    ]);
    expect(sent).toHaveLength(1);
    expect(await store.collection('posts').getMany(['p2', 'missing', 'p1', 'p2'])).toEqual(answers[0]);
  });

  it('gets and getManys asked together go as one statement, each caller with its own documents', async () => {
    const batched = withBatchedReads(store);
    const [a, b, c, none] = await Promise.all([
      batched.collection('posts').get('p1'),
      batched.collection('posts').getMany(['p1', 'p2']),
      batched.collection('profiles').getMany(['u1', 'nobody']),
      batched.collection('profiles').get('nobody'),
    ]);
    expect(sent).toHaveLength(1);
    expect(a).toEqual({ id: 'p1', text: 'one' });
    expect(b).toEqual([
      { id: 'p1', text: 'one' },
      { id: 'p2', text: 'two' },
    ]);
    expect(c).toEqual([{ id: 'u1', name: 'Amina' }]);
    expect(none).toBeNull();
    expect(b[0]).not.toBe(a); // never one object for two callers
  });

  it('findMany answers each find as find does, pages and cursors included, in one statement', async () => {
    const docs = store.collection('posts');
    await docs.upsertMany([
      { id: 'q1', group: 'a', rank: 3 },
      { id: 'q2', group: 'a', rank: null },
      { id: 'q3', group: 'a', rank: 1 },
      { id: 'q4', group: 'b', rank: 2 },
    ]);
    const queries: FindQuery[] = [
      { where: { group: 'a' }, sort: { field: 'rank', direction: 'desc' as const, type: 'number' as const }, limit: 2 },
      { where: { group: { $in: ['a', 'b'] } }, sort: { field: 'id', direction: 'desc' as const }, limit: 3 },
      { where: { group: 'none' } },
    ];
    const first = await docs.find(queries[0]);
    queries.push({ ...queries[0], after: first.nextCursor });
    sent.splice(0);
    const together = await store.findMany(queries.map((query) => ({ collection: 'posts', query })));
    expect(sent).toHaveLength(1);
    const alone = await Promise.all(queries.map((q) => docs.find(q)));
    expect(together).toEqual(alone);
    expect(together[3]!.items.map((d) => d.id)).toEqual(['q2']); // after the cursor, nulls last descending
    await docs.deleteMany(['q1', 'q2', 'q3', 'q4']);
  });

  it('finds and lookups of one turn: one statement each, whatever the callers', async () => {
    const batched = withBatchedReads(store);
    const [page, other, post] = await Promise.all([
      batched.collection('posts').find({ sort: { field: 'id', direction: 'desc' }, limit: 1 }),
      batched.collection('profiles').find({ where: { name: 'Amina' } }),
      batched.collection('posts').get('p1'),
    ]);
    expect(sent).toHaveLength(2);
    expect(page.items.map((d) => d.id)).toEqual(['p2']);
    expect(page.nextCursor).not.toBeNull();
    expect(other).toEqual({ items: [{ id: 'u1', name: 'Amina' }], nextCursor: null });
    expect(post).toEqual({ id: 'p1', text: 'one' });
  });

  it('the finds of a busy turn go as several statements, each answer still its own', async () => {
    const batched = withBatchedReads(store);
    const n = FINDS_PER_STATEMENT * 2 + 1;
    const pages = await Promise.all(
      Array.from({ length: n }, (_, i) => batched.collection('posts').find({ where: { id: i % 2 ? 'p1' : 'p2' } })),
    );
    expect(sent).toHaveLength(3);
    pages.forEach((page, i) => expect(page.items).toEqual([{ id: i % 2 ? 'p1' : 'p2', text: i % 2 ? 'one' : 'two' }]));
  });

  it('a find that fails alone does not fail the others asked with it', async () => {
    const batched = withBatchedReads(store);
    const [good, badCursor, noTable] = await Promise.allSettled([
      batched.collection('posts').find({ limit: 1 }),
      batched.collection('posts').find({ after: 'not-a-cursor' }),
      batched.collection('never_created').find({}),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { items: [{ id: 'p1' }] } });
    expect(badCursor.status).toBe('rejected');
    expect(noTable.status).toBe('rejected');
  });

  it('a lookup that fails alone does not fail the others asked with it', async () => {
    const batched = withBatchedReads(store);
    const [post, missing] = await Promise.allSettled([
      batched.collection('posts').get('p2'),
      batched.collection('never_created').get('x'),
    ]);
    expect(post).toEqual({ status: 'fulfilled', value: { id: 'p2', text: 'two' } });
    expect(missing.status).toBe('rejected');
  });

  it('lookups in different turns are not held for each other', async () => {
    const batched = withBatchedReads(store);
    expect(await batched.collection('posts').get('p1')).toEqual({ id: 'p1', text: 'one' });
    expect(await batched.collection('posts').get('p2')).toEqual({ id: 'p2', text: 'two' });
    expect(sent).toHaveLength(2);
  });

  it('writes go straight to the store; reads answer as the store does', async () => {
    const batched = withBatchedReads(store);
    await batched.collection<Doc>('posts').upsert({ id: 'p3', text: 'three' });
    expect((await batched.collection('posts').find({ sort: { field: 'id', direction: 'desc' } })).items[0]).toEqual({
      id: 'p3',
      text: 'three',
    });
    expect(batched.engine).toBe('pglite');
    await expect(batched.collection('posts').get('')).rejects.toThrow('Invalid document id');
  });

  it('a store without lookupMany is used as it is', () => {
    const memory = new MemoryReadStore();
    expect(withBatchedReads(memory)).toBe(memory);
  });
});
