import { fold } from '../../../src/platform/decider/decider';
import type { PostState } from './post.decider';
import { voteDecider } from './vote.decider';

const poll: PostState = { exists: true, deleted: false, postId: 'p1', userId: 'u1', type: 'poll', createdAt: 'x', pollOptions: 3 };
const AT = '2026-11-23T10:00:00.000Z';
const vote = (option: number, post = poll) => ({ type: 'Vote' as const, userId: 'u2', option, post, at: AT });

describe('poll vote decider', () => {
  it('takes one vote per member, changeable, and remembers the previous option', () => {
    const [first] = voteDecider.decide({ option: null }, vote(2));
    expect(first.data).toEqual({ postId: 'p1', userId: 'u2', option: 2, previousOption: null, at: AT });
    const s = fold(voteDecider, [first]);
    expect(voteDecider.decide(s, vote(2))).toEqual([]);
    expect(voteDecider.decide(s, vote(3))[0].data).toMatchObject({ option: 3, previousOption: 2 });
  });

  it('refuses options outside 1..n, posts without a poll, and deleted posts', () => {
    for (const option of [0, 4, 1.5]) expect(() => voteDecider.decide({ option: null }, vote(option))).toThrow('Please choose one of the poll options');
    expect(() => voteDecider.decide({ option: null }, vote(1, { ...poll, pollOptions: 0 }))).toThrow(expect.objectContaining({ code: 'NOT_A_POLL' }));
    expect(() => voteDecider.decide({ option: null }, vote(1, { ...poll, deleted: true }))).toThrow(expect.objectContaining({ status: 404 }));
  });
});
