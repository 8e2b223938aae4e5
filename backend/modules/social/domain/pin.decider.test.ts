import { fold } from '../../../src/platform/decider/decider';
import { pinDecider } from './pin.decider';
import type { PostState } from './post.decider';

const post = (postId: string, userId = 'u1', deleted = false): PostState => ({ exists: true, deleted, postId, userId, type: 'text', createdAt: 'x', pollOptions: 0 });
const AT = '2026-11-23T10:00:00.000Z';

describe('pin decider', () => {
  it('pins, unpins on the second toggle, and replaces the pinned post when another is pinned', () => {
    const [pin1] = pinDecider.decide({ pinned: null }, { type: 'TogglePin', actorId: 'u1', post: post('p1'), at: AT });
    expect(pin1).toEqual({ type: 'PostPinned', data: { userId: 'u1', postId: 'p1', previousPostId: null, at: AT } });
    const s1 = fold(pinDecider, [pin1]);
    expect(pinDecider.decide(s1, { type: 'TogglePin', actorId: 'u1', post: post('p1'), at: AT })).toEqual([
      { type: 'PostUnpinned', data: { userId: 'u1', postId: 'p1', at: AT } },
    ]);
    const [pin2] = pinDecider.decide(s1, { type: 'TogglePin', actorId: 'u1', post: post('p2'), at: AT });
    expect(pin2.data).toMatchObject({ postId: 'p2', previousPostId: 'p1' });
    expect(pinDecider.evolve(s1, pin2)).toEqual({ pinned: 'p2' });
  });

  it("refuses another member's post and a deleted one", () => {
    expect(() => pinDecider.decide({ pinned: null }, { type: 'TogglePin', actorId: 'u2', post: post('p1'), at: AT })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => pinDecider.decide({ pinned: null }, { type: 'TogglePin', actorId: 'u1', post: post('p1', 'u1', true), at: AT })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
