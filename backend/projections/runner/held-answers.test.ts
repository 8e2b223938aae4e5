import { makeRoom } from '@platform/cache';

import { HeldAnswers } from './held-answers';
import { FindShape } from './held-page';

const page = (conversationId: string, ids: string[]) => {
  const shape = new FindShape({ where: { conversationId }, limit: 2 });
  const items = ids.map((id) => ({ id, conversationId }));
  return { ...shape.held({ items, nextCursor: null }), shape };
};
const write = (id: string, conversationId: string) => new Map([[id, { id, conversationId }]]);

describe('HeldAnswers', () => {
  it('forgets what it indexed for an answer replaced, deleted, evicted or cleared', () => {
    const held = new HeldAnswers();
    held.set('a', page('c1', ['m1']));
    held.set('b', page('c2', ['m2']));
    expect(held.touchedBy(write('m9', 'c1'))).toEqual(['a']);
    expect(held.touchedBy(write('m2', 'c3'))).toEqual(['b']);

    held.set('a', page('c3', ['m3']));
    expect(held.touchedBy(write('m9', 'c1'))).toEqual([]);
    expect(held.touchedBy(write('m1', 'c9'))).toEqual([]);
    expect(held.touchedBy(write('m9', 'c3'))).toEqual(['a']);

    held.delete('b');
    expect(held.touchedBy(write('m2', 'c2'))).toEqual([]);

    for (let i = 0; i < 10; i++) held.set(`p${i}`, page('c5', [`x${i}`]));
    makeRoom(held, 10); // evicts the oldest, 'a' among them
    expect(held.has('a')).toBe(false);
    expect(held.touchedBy(write('m9', 'c3'))).toEqual([]);
    expect(held.touchedBy(write('m9', 'c5')).every((k) => held.has(k))).toBe(true);

    held.set('n', 7);
    expect(held.touchedBy(write('zz', 'none'))).toEqual(['n']);
    held.clear();
    expect(held.touchedBy(write('m9', 'c5'))).toEqual([]);
  });
});
