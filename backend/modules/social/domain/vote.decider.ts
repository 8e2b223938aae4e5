import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { VoteEvent } from '../events';
import { MESSAGES } from '../limits';
import { isVisible, postNotFound, type PostState } from './post.decider';

/** One member's vote on one poll: changeable, never counted twice. */
export interface VoteState {
  option: number | null;
}

export type VoteCommand = { type: 'Vote'; userId: string; option: number; post: PostState; at: string };

function decide(s: VoteState, c: VoteCommand): VoteEvent[] {
  if (!isVisible(c.post)) throw postNotFound();
  if (c.post.pollOptions === 0) throw new DomainError('NOT_A_POLL', MESSAGES.notAPoll, 400);
  if (!Number.isInteger(c.option) || c.option < 1 || c.option > c.post.pollOptions)
    throw new DomainError('VALIDATION_FAILED', MESSAGES.badOption, 400);
  if (s.option === c.option) return [];
  return [
    {
      type: 'PollVoted',
      data: { postId: c.post.postId!, userId: c.userId, option: c.option, previousOption: s.option, at: c.at },
    },
  ];
}

export const voteDecider: Decider<VoteState, VoteCommand, VoteEvent> = {
  initialState: () => ({ option: null }),
  evolve: (_, e) => ({ option: e.data.option }),
  decide,
};
