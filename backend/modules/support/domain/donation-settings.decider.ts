import type { Decider } from '@platform/decider/decider';

import type { DonationSettingsEvent } from '../events';

export interface DonationSettingsState {
  /** Spec part 2 §9: donations are paused until an admin opens them. */
  paused: boolean;
}

export type DonationSettingsCommand = { type: 'SetPaused'; paused: boolean; actorId: string; now: string };

/** The paused flag: setting it to what it is records nothing (no second "opened" mail round). */
export const donationSettingsDecider: Decider<DonationSettingsState, DonationSettingsCommand, DonationSettingsEvent> = {
  initialState: () => ({ paused: true }),
  evolve: (_, event) => ({ paused: event.type === 'DonationsPaused' }),
  decide(state, c) {
    if (c.paused === state.paused) return [];
    return c.paused
      ? [{ type: 'DonationsPaused', data: { pausedBy: c.actorId, at: c.now } }]
      : [{ type: 'DonationsOpened', data: { openedBy: c.actorId, at: c.now } }];
  },
};
