import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { reactionDecider } from './reaction.decider';

const data = { postId: 'p1', userId: 'u1', at: '2026-11-23T10:00:00.000Z' };

describe('reaction decider', () => {
  it.each([
    ['like', 'PostLiked', 'PostUnliked'],
    ['bookmark', 'PostBookmarked', 'PostUnbookmarked'],
    ['repost', 'PostReposted', 'PostUnreposted'],
  ] as const)('%s is an idempotent toggle', (kind, on, off) => {
    const spec = DeciderSpec.for(reactionDecider(kind));
    spec.when({ type: 'SetReaction', active: false, data }).thenNothingHappened();
    const { events: liked } = spec.when({ type: 'SetReaction', active: true, data }).then([{ type: on, data }]);
    const active = spec.given(liked);
    active.when({ type: 'SetReaction', active: true, data }).thenNothingHappened();
    const { state } = active
      .when({ type: 'SetReaction', active: false, data })
      .then((events) => expect(events.map((e) => e.type)).toEqual([off]));
    expect(state).toEqual({ active: false });
  });
});
