import { type Decider, DomainError } from '@platform/decider/decider';

import type { NotifySubscriberEvent } from '../events';
import { NOTIFY_CONFIRMATION, SUPPORT_MESSAGES as M } from '../limits';

export interface NotifySubscriberState {
  /** On the list: asked and not unsubscribed since (confirmed or not). */
  subscribed: boolean;
  /** Confirmed by its link (or a verified account address): only then is it mailed when donations open. */
  confirmed: boolean;
  sealedEmail: string | null;
  vaultSubject: string | null;
  /** The current (or last) subscription's unsubscribe token hash; kept after unsubscribing, so a second click is fine. */
  unsubscribeHash: string | null;
  /** The confirmation links mailed for the current subscription. */
  confirmations: readonly { tokenHash: string; at: string }[];
  /** The openings (DonationsOpened event ids) this subscriber was mailed about. */
  notified: ReadonlySet<string>;
}

export type NotifySubscriberCommand =
  | {
      type: 'Subscribe';
      key: string;
      sealedEmail: string;
      vaultSubject: string;
      unsubscribeHash: string;
      userId: string | null;
      /** A signed-in member whose account address is verified: no confirmation link needed. */
      verified: boolean;
      /** The confirmation link to mail when one is due. */
      confirmation: { tokenHash: string; mailId: string };
      now: string;
    }
  | { type: 'Confirm'; key: string; tokenHash: string; now: string }
  | { type: 'Unsubscribe'; key: string; tokenHash: string; now: string }
  | { type: 'MarkNotified'; key: string; openingId: string; mailId: string; now: string };

const linkInvalid = () => new DomainError('LINK_INVALID', M.linkInvalid, 404);
const ms = (iso: string) => Date.parse(iso);

/** Fewer than NOTIFY_CONFIRMATION.mails links went to this address within the window: one more may go. */
function mayMailConfirmation(state: NotifySubscriberState, now: string): boolean {
  const since = ms(now) - NOTIFY_CONFIRMATION.mailWindowMs;
  return state.confirmations.filter((c) => ms(c.at) > since).length < NOTIFY_CONFIRMATION.mails;
}

/**
 * One address on the "notify me when donations open" list (spec part 2 §2, §5), with double opt-in:
 * anyone may type any address, so it is mailed about donations only once its owner has followed the
 * confirmation link. Asking again while unconfirmed mails the link again, at most
 * NOTIFY_CONFIRMATION.mails times a day, so the form cannot be used to flood someone's inbox. Each
 * opening is mailed once, which is what lets a retried mail job skip the done.
 */
export const notifySubscriberDecider: Decider<NotifySubscriberState, NotifySubscriberCommand, NotifySubscriberEvent> = {
  initialState: () => ({
    subscribed: false,
    confirmed: false,
    sealedEmail: null,
    vaultSubject: null,
    unsubscribeHash: null,
    confirmations: [],
    notified: new Set(),
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'DonationsOpenSubscribed':
        return {
          ...state,
          // A sign-up from before double opt-in has no unsubscribe link and was never confirmed: no subscription.
          subscribed: event.data.unsubscribeHash !== undefined,
          confirmed: false,
          sealedEmail: event.data.sealedEmail,
          vaultSubject: event.data.vaultSubject,
          unsubscribeHash: event.data.unsubscribeHash ?? null,
          confirmations: [],
        };
      case 'DonationsOpenConfirmationSent':
        return {
          ...state,
          confirmations: [...state.confirmations, { tokenHash: event.data.tokenHash, at: event.data.at }],
        };
      case 'DonationsOpenConfirmed':
        return { ...state, confirmed: true };
      case 'DonationsOpenUnsubscribed':
        // The vault subject stays known, for the shredding that follows the unsubscribe.
        return { ...state, subscribed: false, confirmed: false, confirmations: [] };
      case 'DonationsOpenNotified':
        return { ...state, notified: new Set([...state.notified, event.data.openingId]) };
    }
  },
  decide(state, c) {
    switch (c.type) {
      case 'Subscribe': {
        const { key, now } = c;
        const confirmed: NotifySubscriberEvent = {
          type: 'DonationsOpenConfirmed',
          data: { key, via: 'verified-account', at: now },
        };
        const mailLink: NotifySubscriberEvent = {
          type: 'DonationsOpenConfirmationSent',
          data: { key, tokenHash: c.confirmation.tokenHash, mailId: c.confirmation.mailId, at: now },
        };
        if (!state.subscribed) {
          const { sealedEmail, vaultSubject, unsubscribeHash, userId } = c;
          return [
            {
              type: 'DonationsOpenSubscribed',
              data: { key, sealedEmail, vaultSubject, userId, at: now, unsubscribeHash },
            },
            c.verified ? confirmed : mailLink,
          ];
        }
        if (state.confirmed) return [];
        if (c.verified) return [confirmed];
        return mayMailConfirmation(state, now) ? [mailLink] : [];
      }
      case 'Confirm': {
        const oldest = ms(c.now) - NOTIFY_CONFIRMATION.linkTtlMs;
        const valid = state.confirmations.some((l) => l.tokenHash === c.tokenHash && ms(l.at) > oldest);
        if (!state.subscribed || !valid) throw linkInvalid();
        if (state.confirmed) return [];
        return [{ type: 'DonationsOpenConfirmed', data: { key: c.key, via: 'link', at: c.now } }];
      }
      case 'Unsubscribe': {
        if (!state.unsubscribeHash || state.unsubscribeHash !== c.tokenHash) throw linkInvalid();
        if (!state.subscribed) return [];
        return [{ type: 'DonationsOpenUnsubscribed', data: { key: c.key, at: c.now } }];
      }
      case 'MarkNotified': {
        if (!state.subscribed || !state.confirmed || state.notified.has(c.openingId)) return [];
        return [
          { type: 'DonationsOpenNotified', data: { key: c.key, openingId: c.openingId, mailId: c.mailId, at: c.now } },
        ];
      }
    }
  },
};
