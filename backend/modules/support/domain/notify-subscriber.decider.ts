import type { Decider } from '@platform/decider/decider';

import type { NotifySubscriberEvent } from '../events';

export interface NotifySubscriberState {
  subscribed: boolean;
  sealedEmail: string | null;
  vaultSubject: string | null;
  /** The openings (DonationsOpened event ids) this subscriber was mailed about. */
  notified: ReadonlySet<string>;
}

export type NotifySubscriberCommand =
  | {
      type: 'Subscribe';
      key: string;
      sealedEmail: string;
      vaultSubject: string;
      userId: string | null;
      now: string;
    }
  | { type: 'MarkNotified'; key: string; openingId: string; mailId: string; now: string };

/**
 * One address on the "notify me when donations open" list (spec part 2 §2, §5). Asking twice is one
 * subscription; each opening is mailed once, which is what lets a retried mail job skip the done.
 */
export const notifySubscriberDecider: Decider<NotifySubscriberState, NotifySubscriberCommand, NotifySubscriberEvent> = {
  initialState: () => ({ subscribed: false, sealedEmail: null, vaultSubject: null, notified: new Set() }),
  evolve(state, event) {
    if (event.type === 'DonationsOpenSubscribed')
      return { ...state, subscribed: true, sealedEmail: event.data.sealedEmail, vaultSubject: event.data.vaultSubject };
    return { ...state, notified: new Set([...state.notified, event.data.openingId]) };
  },
  decide(state, c) {
    if (c.type === 'Subscribe') {
      if (state.subscribed) return [];
      const { key, sealedEmail, vaultSubject, userId, now } = c;
      return [{ type: 'DonationsOpenSubscribed', data: { key, sealedEmail, vaultSubject, userId, at: now } }];
    }
    if (!state.subscribed || state.notified.has(c.openingId)) return [];
    return [
      { type: 'DonationsOpenNotified', data: { key: c.key, openingId: c.openingId, mailId: c.mailId, at: c.now } },
    ];
  },
};
