import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { NotifySubscriberEvent } from '../events';
import { disbursementsDecider } from './disbursements.decider';
import { notifySubscriberDecider } from './notify-subscriber.decider';

const T = '2026-11-25T10:00:00.000Z';

describe('notify-me subscriber decider (double opt-in)', () => {
  const spec = DeciderSpec.for(notifySubscriberDecider);
  const at = (minutes: number) => new Date(Date.parse(T) + minutes * 60_000).toISOString();
  const subscribe = (over: { now?: string; verified?: boolean; token?: string } = {}) => ({
    type: 'Subscribe' as const,
    key: 'k',
    sealedEmail: 'v1.x',
    vaultSubject: 'notify-1',
    unsubscribeHash: 'u1',
    userId: null,
    verified: over.verified ?? false,
    confirmation: { tokenHash: over.token ?? 'c1', mailId: `m-${over.token ?? 'c1'}` },
    now: over.now ?? T,
  });
  const subscribed: NotifySubscriberEvent = {
    type: 'DonationsOpenSubscribed',
    data: { key: 'k', sealedEmail: 'v1.x', vaultSubject: 'notify-1', userId: null, at: T, unsubscribeHash: 'u1' },
  };
  const linkSent = (token: string, now = T): NotifySubscriberEvent => ({
    type: 'DonationsOpenConfirmationSent',
    data: { key: 'k', tokenHash: token, mailId: `m-${token}`, at: now },
  });
  const confirmed = (via: 'link' | 'verified-account', now = T): NotifySubscriberEvent => ({
    type: 'DonationsOpenConfirmed',
    data: { key: 'k', via, at: now },
  });
  const confirm = (tokenHash: string, now = T) => ({ type: 'Confirm' as const, key: 'k', tokenHash, now });
  const unsubscribe = (tokenHash: string, now = T) => ({ type: 'Unsubscribe' as const, key: 'k', tokenHash, now });
  const notify = (openingId: string) => ({
    type: 'MarkNotified' as const,
    key: 'k',
    openingId,
    mailId: `m-${openingId}`,
    now: T,
  });
  const pending = [subscribed, linkSent('c1')];
  const onTheList = [...pending, confirmed('link')];

  it('puts a new address on the list unconfirmed and mails it a confirmation link', () => {
    spec.when(subscribe()).then(pending);
  });

  it('confirms a verified member’s account address at once, without a mail', () => {
    spec.when(subscribe({ verified: true })).then([subscribed, confirmed('verified-account')]);
    spec
      .given(pending)
      .when(subscribe({ verified: true }))
      .then([confirmed('verified-account')]);
  });

  it('mails the link again when asked again unconfirmed, at most 3 times a day, and never once confirmed', () => {
    spec
      .given(pending)
      .when(subscribe({ token: 'c2', now: at(5) }))
      .then([linkSent('c2', at(5))]);
    const three = [...pending, linkSent('c2', at(5)), linkSent('c3', at(10))];
    spec
      .given(three)
      .when(subscribe({ token: 'c4', now: at(60) }))
      .thenNothingHappened();
    // A day after the first, one more may go.
    spec
      .given(three)
      .when(subscribe({ token: 'c4', now: at(24 * 60 + 1) }))
      .then([linkSent('c4', at(24 * 60 + 1))]);
    spec
      .given(onTheList)
      .when(subscribe({ token: 'c9' }))
      .thenNothingHappened();
  });

  it('confirms by any link it sent within 7 days, once; refuses any other token with 404', () => {
    spec
      .given(pending)
      .when(confirm('c1', at(60)))
      .then([confirmed('link', at(60))]);
    spec
      .given([...pending, linkSent('c2')])
      .when(confirm('c1'))
      .then([confirmed('link')]);
    spec.given(onTheList).when(confirm('c1')).thenNothingHappened();
    spec.given(pending).when(confirm('forged')).thenThrows({ code: 'LINK_INVALID', status: 404 });
    // The unsubscribe token is not a confirmation token.
    spec.given(pending).when(confirm('u1')).thenThrows({ code: 'LINK_INVALID', status: 404 });
    spec
      .given(pending)
      .when(confirm('c1', at(7 * 24 * 60 + 1)))
      .thenThrows({ code: 'LINK_INVALID', status: 404 });
    spec.when(confirm('c1')).thenThrows({ code: 'LINK_INVALID', status: 404 });
  });

  it('unsubscribes by its own token only; a second click changes nothing; asking again starts anew', () => {
    const left: NotifySubscriberEvent = { type: 'DonationsOpenUnsubscribed', data: { key: 'k', at: T } };
    spec.given(onTheList).when(unsubscribe('u1')).then([left]);
    spec.given(pending).when(unsubscribe('u1')).then([left]);
    spec
      .given([...onTheList, left])
      .when(unsubscribe('u1'))
      .thenNothingHappened();
    spec.given(onTheList).when(unsubscribe('c1')).thenThrows({ code: 'LINK_INVALID', status: 404 });
    spec.when(unsubscribe('u1')).thenThrows({ code: 'LINK_INVALID', status: 404 });
    // Off the list: an old confirmation link no longer works, and nobody is mailed about an opening.
    spec
      .given([...pending, left])
      .when(confirm('c1'))
      .thenThrows({ code: 'LINK_INVALID', status: 404 });
    spec
      .given([...onTheList, left])
      .when(notify('e1'))
      .thenNothingHappened();
    spec
      .given([...onTheList, left])
      .when(subscribe({ token: 'c5' }))
      .then([subscribed, linkSent('c5')]);
  });

  it('takes a sign-up from before double opt-in (no unsubscribe link) as no subscription', () => {
    const legacy: NotifySubscriberEvent = {
      type: 'DonationsOpenSubscribed',
      data: { key: 'k', sealedEmail: 'v1.old', vaultSubject: 'notify-0', userId: null, at: T },
    };
    spec.given([legacy]).when(notify('e1')).thenNothingHappened();
    spec.given([legacy]).when(subscribe()).then(pending);
  });

  it('records each opening once per confirmed subscriber (what lets a retried mail job skip the done)', () => {
    spec.given(pending).when(notify('e1')).thenNothingHappened();
    const told = spec
      .given(onTheList)
      .when(notify('e1'))
      .then([{ type: 'DonationsOpenNotified', data: { key: 'k', openingId: 'e1', mailId: 'm-e1', at: T } }]);
    spec
      .given([...onTheList, ...told.events])
      .when(notify('e1'))
      .thenNothingHappened();
    spec
      .given([...onTheList, ...told.events])
      .when(notify('e2'))
      .then((events) => expect(events).toHaveLength(1));
    spec.when(notify('e1')).thenNothingHappened();
  });
});

describe('disbursements decider', () => {
  const spec = DeciderSpec.for(disbursementsDecider);
  const record = (disbursementId: string, amount: number, collected: number) => ({
    type: 'RecordDisbursement' as const,
    disbursementId,
    amount,
    orphanId: null,
    note: 'School fees',
    collected,
    actorId: 'a1',
    now: T,
  });

  it('pays out no more than is held: collected minus what was paid out before', () => {
    const first = spec.when(record('x1', 600_00, 1000_00)).decide();
    expect(first.state.disbursed).toBe(600_00);
    spec
      .given(first.events)
      .when(record('x2', 400_00, 1000_00))
      .then((e) => expect(e).toHaveLength(1));
    spec
      .given(first.events)
      .when(record('x2', 400_01, 1000_00))
      .thenThrows({ status: 409, message: 'A disbursement cannot exceed the funds held (KSh 400)' });
    spec.when(record('x1', 0, 1000_00)).thenThrows({ status: 400 });
    spec
      .given(first.events)
      .when(record('x1', 600_00, 1000_00))
      .thenNothingHappened();
  });
});
