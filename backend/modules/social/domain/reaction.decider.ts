import type { Decider } from '../../../src/platform/decider/decider';
import { REACTION_EVENTS, type ReactionData, type ReactionEvent, type ReactionKind } from '../events';

/** One member's like (bookmark, repost) of one post: a switch that only records real changes. */
export interface ReactionState {
  active: boolean;
}

export type ReactionCommand = { type: 'SetReaction'; active: boolean; data: ReactionData };

export function reactionDecider(kind: ReactionKind): Decider<ReactionState, ReactionCommand, ReactionEvent> {
  const names = REACTION_EVENTS[kind];
  return {
    initialState: () => ({ active: false }),
    evolve: (_, e) => ({ active: e.type === names.on }),
    // Liking twice is one like: the second command decides nothing, so counts cannot drift or go negative.
    decide: (s, c) =>
      s.active === c.active ? [] : [{ type: c.active ? names.on : names.off, data: c.data } as ReactionEvent],
  };
}
