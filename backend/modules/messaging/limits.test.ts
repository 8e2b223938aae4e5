import { READ_RATE, SEND_MESSAGE_RATE, SOCKET_SEND_RATE } from './limits';

const perSecond = (rule: { limit: number; windowMs: number }) => rule.limit / (rule.windowMs / 1000);

describe('messaging limits', () => {
  it('let a reader mark read, one by one, every message a partner may send in the same time', () => {
    // The client marks each message read as it arrives in an open chat (spec: mark_messages_read).
    expect(perSecond(READ_RATE)).toBeGreaterThanOrEqual(perSecond(SEND_MESSAGE_RATE));
    expect(perSecond(READ_RATE)).toBeGreaterThanOrEqual(perSecond(SOCKET_SEND_RATE));
  });
});
