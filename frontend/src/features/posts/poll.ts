import type { PollView } from '@/resources/posts';

export interface PollOption {
  /** 1-based, as the vote call takes it. */
  index: number;
  text: string;
  votes: number;
  /** 0..1 share of all votes. */
  share: number;
}

/** The poll's filled options with their share of the votes. */
export function pollOptions(poll: PollView): PollOption[] {
  const raw: Array<[string | undefined, number | undefined]> = [
    [poll.option1, poll.option1Votes],
    [poll.option2, poll.option2Votes],
    [poll.option3, poll.option3Votes],
    [poll.option4, poll.option4Votes],
  ];
  const options = raw.flatMap(([text, votes], i) => (text ? [{ index: i + 1, text, votes: votes ?? 0 }] : []));
  const total = poll.totalVotes ?? options.reduce((sum, o) => sum + o.votes, 0);
  return options.map((o) => ({ ...o, share: total > 0 ? o.votes / total : 0 }));
}
