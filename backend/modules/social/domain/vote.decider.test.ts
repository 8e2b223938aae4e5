import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { PostState } from './post.decider';
import { voteDecider } from './vote.decider';

const poll: PostState = {
  exists: true,
  deleted: false,
  hidden: false,
  hiding: null,
  postId: 'p1',
  userId: 'u1',
  type: 'poll',
  createdAt: 'x',
  pollOptions: 3,
  community: null,
};
const AT = '2026-11-23T10:00:00.000Z';
const vote = (option: number, post = poll) => ({ type: 'Vote' as const, userId: 'u2', option, post, at: AT });
const spec = DeciderSpec.for(voteDecider);
const notVoted = spec.givenState({ option: null });

describe('poll vote decider', () => {
  it('takes one vote per member, changeable, and remembers the previous option', () => {
    const { events: first } = notVoted.when(vote(2)).then((events) => {
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toEqual({ postId: 'p1', userId: 'u2', option: 2, previousOption: null, at: AT });
    });
    const s = spec.given(first);
    s.when(vote(2)).thenNothingHappened();
    s.when(vote(3)).then((events) => expect(events[0]!.data).toMatchObject({ option: 3, previousOption: 2 }));
  });

  it('refuses options outside 1..n, posts without a poll, and deleted posts', () => {
    for (const option of [0, 4, 1.5])
      notVoted.when(vote(option)).thenThrows({ message: 'Please choose one of the poll options' });
    notVoted.when(vote(1, { ...poll, pollOptions: 0 })).thenThrows('NOT_A_POLL');
    notVoted.when(vote(1, { ...poll, deleted: true })).thenThrows({ status: 404 });
  });
});
