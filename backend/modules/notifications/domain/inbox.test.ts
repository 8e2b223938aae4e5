import { fold } from '../../../src/platform/decider/decider';
import { inboxDecider } from './inbox.decider';

describe('inbox decider', () => {
  const at = '2026-11-23T10:00:00.000Z';

  it('records reads and deletions once, and never reads a deleted notification', () => {
    const s0 = inboxDecider.initialState();
    expect(inboxDecider.decide(s0, { type: 'MarkRead', notificationId: 'n1', at })).toEqual([
      { type: 'NotificationRead', data: { notificationId: 'n1', at } },
    ]);
    const deleted = fold(inboxDecider, [{ type: 'NotificationDeleted', data: { notificationId: 'n1', at } }]);
    expect(inboxDecider.decide(deleted, { type: 'MarkRead', notificationId: 'n1', at })).toEqual([]);
    expect(inboxDecider.decide(deleted, { type: 'Delete', notificationId: 'n1', at })).toEqual([]);
    expect(inboxDecider.decide(deleted, { type: 'Delete', notificationId: 'n2', at })).toHaveLength(1);
    expect(inboxDecider.decide(deleted, { type: 'MarkAllRead', at })).toEqual([
      { type: 'AllNotificationsRead', data: { at } },
    ]);
  });
});
