import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import type { FindQuery } from '@platform/read-store/read-store.port';
import fc from 'fast-check';

import { HeldAnswers } from './held-answers';
import { FindShape } from './held-page';

type Message = { id: string; conversationId: string; participants: string[]; n: number };

const message = fc.record({
  id: fc.constantFrom('m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'),
  conversationId: fc.constantFrom('c1', 'c2', 'c3'),
  participants: fc.subarray(['u1', 'u2', 'u3']),
  n: fc.integer({ min: 0, max: 9 }),
});
const write = fc.oneof(
  message,
  fc.record({ id: fc.constantFrom('m1', 'm2', 'm3', 'm9'), deleted: fc.constant(true as const) }),
);
const where = fc.oneof(
  fc.record({ conversationId: fc.constantFrom('c1', 'c2', 'c3') }),
  fc.record({ participants: fc.record({ $contains: fc.constantFrom('u1', 'u2') }) }),
  fc.record({ conversationId: fc.record({ $in: fc.subarray(['c1', 'c2', 'c3']) }) }),
);
const sort = fc.option(
  fc.record({ field: fc.constantFrom('n', 'id'), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
  { nil: undefined },
);

/** A held page and the store it came from, then one commit of writes applied to that store. */
async function commitAgainstPage(
  docs: Message[],
  query: FindQuery,
  secondPage: boolean,
  writes: (Message | { id: string; deleted: true })[],
) {
  const store = new MemoryReadStore();
  await store.ensureCollection({ name: 'messages' });
  const messages = store.collection<Message>('messages');
  await messages.upsertMany(docs);
  let shape = new FindShape(query);
  if (secondPage) {
    const first = await messages.find(query);
    if (!first.nextCursor) return null;
    shape = new FindShape({ ...query, after: first.nextCursor });
  }
  const page = shape.held(await messages.find(shape.readQuery()));
  // Other pages held beside it, so that the index has answers to tell apart.
  const held = new HeldAnswers();
  held.set('page', { ...page, shape });
  for (const c of ['c1', 'c2', 'c3']) {
    const other = new FindShape({ where: { conversationId: c }, limit: 2 });
    held.set(`other:${c}`, { ...other.held(await messages.find(other.readQuery())), shape: other });
  }
  held.set('count', 3);
  const written = new Map<string, unknown>();
  for (const w of writes) {
    if ('deleted' in w) {
      await messages.delete(w.id);
      written.set(w.id, null);
    } else {
      await messages.upsert(w);
      written.set(w.id, structuredClone(w));
    }
  }
  const now = await messages.find(shape.query);
  const touched = new Set(held.touchedBy(written));
  return { shape, page, written, now, touched };
}

describe('HeldAnswers.touchedBy', () => {
  it('leaves out a page only when the store answers it unchanged after the commit', async () => {
    let passed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(message, { selector: (m) => m.id, maxLength: 8 }),
        where,
        sort,
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.array(write, { minLength: 1, maxLength: 3 }),
        async (docs, w, s, limit, secondPage, writes) => {
          const out = await commitAgainstPage(docs, { where: w, sort: s, limit }, secondPage, writes);
          if (!out) return;
          expect(out.touched.has('count')).toBe(true);
          if (out.touched.has('page')) return;
          passed++;
          expect(out.shape.verdict(out.page, out.written)).toBe('same');
          expect(out.now.items.map((d) => d.id)).toEqual(out.page.items.map((d) => d.id));
          expect(out.now.nextCursor).toEqual(out.page.nextCursor);
        },
      ),
      { numRuns: 400 },
    );
    // The property above must not hold only because every commit could change every page.
    expect(passed).toBeGreaterThan(50);
  });

  it('leaves a conversation page alone when a message is written to another conversation', async () => {
    const docs = [1, 2, 3].map((n) => ({ id: `m${n}`, conversationId: 'c1', participants: ['u1'], n }));
    const other = { id: 'm9', conversationId: 'c2', participants: ['u1'], n: 5 };
    const out = await commitAgainstPage(docs, { where: { conversationId: 'c1' }, limit: 2 }, false, [other]);
    expect(out!.touched.has('page')).toBe(false);
    expect([...out!.touched].sort()).toEqual(['count', 'other:c2']);
    const mine = { ...other, conversationId: 'c1' };
    const again = await commitAgainstPage(docs, { where: { conversationId: 'c1' }, limit: 2 }, false, [mine]);
    expect(again!.touched.has('page')).toBe(true);
  });
});
