import {
  cartStream,
  checkoutStream,
  courseStream,
  enrolmentStream,
  orderStream,
  reviewStream,
  teacherApplicationStream,
} from '@modules/learning';

import { replay, replayerOf, streamKind } from './stream-deciders';

describe('stream deciders (audit replay)', () => {
  it('every stream of the learning marketplace has a replayer, the checkout reservations included', () => {
    const streams = [
      teacherApplicationStream('u1'),
      courseStream('c1'),
      cartStream('u1'),
      orderStream('o1'),
      checkoutStream('u1'),
      enrolmentStream('c1', 'u1'),
      reviewStream('c1', 'u1'),
    ];
    expect(streams.filter((s) => replayerOf(s) === null)).toEqual([]);
  });

  it('a reservation stream is not taken for another kind of stream', () => {
    expect(streamKind(checkoutStream('0190c0de-aaaa'))).toBe('checkout');
    expect(replayerOf('checkouts-u1')).toBeNull();
  });

  it("replays a member's checkouts: each course held by the order that reserved it last, as of any event", () => {
    const r = replayerOf(checkoutStream('u1'))!;
    const reserved = (orderId: string, courseIds: string[]) => ({
      type: 'CoursesReserved',
      data: { userId: 'u1', orderId, courseIds, reservedAt: '2026-01-01T00:00:00.000Z' },
    });
    const events = [reserved('o1', ['c1', 'c2']), reserved('o2', ['c2', 'c3'])];

    const at = '2026-01-01T00:00:00.000Z';
    expect(replay(r, [])).toEqual({ holds: {}, reservedAt: {} });
    expect(replay(r, events.slice(0, 1))).toEqual({ holds: { c1: 'o1', c2: 'o1' }, reservedAt: { o1: at } });
    expect(replay(r, events)).toEqual({ holds: { c1: 'o1', c2: 'o2', c3: 'o2' }, reservedAt: { o1: at, o2: at } });
  });
});
