import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { pinDecider } from './pin.decider';
import type { PostState } from './post.decider';

const post = (postId: string, userId = 'u1', deleted = false): PostState => ({
  exists: true,
  deleted,
  hidden: false,
  hiding: null,
  postId,
  userId,
  type: 'text',
  createdAt: 'x',
  pollOptions: 0,
  community: null,
});
const AT = '2026-11-23T10:00:00.000Z';
const spec = DeciderSpec.for(pinDecider);
const toggle = (p: PostState, actorId = 'u1') => ({ type: 'TogglePin' as const, actorId, post: p, at: AT });

describe('pin decider', () => {
  it('pins, unpins on the second toggle, and replaces the pinned post when another is pinned', () => {
    const { events: pinned } = spec
      .givenState({ pinned: null })
      .when(toggle(post('p1')))
      .then([{ type: 'PostPinned', data: { userId: 'u1', postId: 'p1', previousPostId: null, at: AT } }]);
    const s1 = spec.given(pinned);
    s1.when(toggle(post('p1'))).then([{ type: 'PostUnpinned', data: { userId: 'u1', postId: 'p1', at: AT } }]);
    s1.when(toggle(post('p2'))).then([
      { type: 'PostPinned', data: expect.objectContaining({ postId: 'p2', previousPostId: 'p1' }) },
    ]);
    s1.when(toggle(post('p2'))).thenState({ pinned: 'p2' });
  });

  it("refuses another member's post and a deleted one", () => {
    spec
      .givenState({ pinned: null })
      .when(toggle(post('p1'), 'u2'))
      .thenThrows({ status: 403 });
    spec
      .givenState({ pinned: null })
      .when(toggle(post('p1', 'u1', true)))
      .thenThrows({ status: 404 });
  });
});
