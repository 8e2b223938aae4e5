import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { NotifySubscriberEvent } from '../events';
import { disbursementsDecider } from './disbursements.decider';
import { notifySubscriberDecider } from './notify-subscriber.decider';

const T = '2026-11-25T10:00:00.000Z';

describe('notify-me subscriber decider', () => {
  const spec = DeciderSpec.for(notifySubscriberDecider);
  const subscribe = {
    type: 'Subscribe' as const,
    key: 'k',
    sealedEmail: 'v1.x',
    vaultSubject: 'notify-1',
    userId: null,
    now: T,
  };
  const subscribed: NotifySubscriberEvent = {
    type: 'DonationsOpenSubscribed',
    data: { key: 'k', sealedEmail: 'v1.x', vaultSubject: 'notify-1', userId: null, at: T },
  };
  const notify = (openingId: string) => ({
    type: 'MarkNotified' as const,
    key: 'k',
    openingId,
    mailId: `m-${openingId}`,
    now: T,
  });

  it('subscribes an address once', () => {
    spec.when(subscribe).then([subscribed]);
    spec.given([subscribed]).when(subscribe).thenNothingHappened();
  });

  it('records each opening once per subscriber (what lets a retried mail job skip the done)', () => {
    const told = spec
      .given([subscribed])
      .when(notify('e1'))
      .then([{ type: 'DonationsOpenNotified', data: { key: 'k', openingId: 'e1', mailId: 'm-e1', at: T } }]);
    spec
      .given([subscribed, ...told.events])
      .when(notify('e1'))
      .thenNothingHappened();
    spec
      .given([subscribed, ...told.events])
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
      .thenThrows({ status: 409, message: 'A disbursement cannot exceed the funds held (KES 400)' });
    spec.when(record('x1', 0, 1000_00)).thenThrows({ status: 400 });
    spec
      .given(first.events)
      .when(record('x1', 600_00, 1000_00))
      .thenNothingHappened();
  });
});
