import { DomainError } from '../../../src/platform/decider/decider';
import { conversationDecider as d, ConversationCommand, ConversationState } from './conversation.decider';
import { conversationIdFor } from '../events';

const A = '0190a000-0000-7000-8000-00000000000a';
const B = '0190a000-0000-7000-8000-00000000000b';
const C = '0190a000-0000-7000-8000-00000000000c';
const ID = conversationIdFor(A, B);
const NOW = '2026-01-01T00:00:00.000Z';

function run(state: ConversationState, command: ConversationCommand) {
  const events = d.decide(state, command);
  return { events, state: events.reduce((s, e) => d.evolve(s, e), state) };
}
const started = () => run(d.initialState(), { type: 'Start', conversationId: ID, by: A, with: B, now: NOW }).state;
const send = (over: Partial<Extract<ConversationCommand, { type: 'Send' }>> = {}): ConversationCommand => ({
  type: 'Send',
  messageId: 'm1',
  senderId: A,
  content: ' Salaam ',
  messageType: 'text',
  replyToId: null,
  media: null,
  blocked: false,
  recipientViewing: false,
  now: NOW,
  ...over,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return [err.status, err.code];
    throw err;
  }
  return null;
};

describe('conversation decider', () => {
  it('derives one id per pair, whoever starts', () => {
    expect(conversationIdFor(A, B)).toBe(conversationIdFor(B, A));
    expect(conversationIdFor(A, C)).not.toBe(ID);
    expect(ID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('starts once; starting again decides nothing; never with yourself', () => {
    const s = started();
    expect(s.participants).toEqual([A, B].sort());
    expect(d.decide(s, { type: 'Start', conversationId: ID, by: B, with: A, now: NOW })).toEqual([]);
    expect(codeOf(() => d.decide(d.initialState(), { type: 'Start', conversationId: ID, by: A, with: A, now: NOW }))).toEqual([422, 'SELF_CONVERSATION']);
  });

  it('sends a trimmed text message to the other participant', () => {
    const [event] = d.decide(started(), send());
    expect(event).toEqual({
      type: 'MessageSent',
      data: { messageId: 'm1', conversationId: ID, senderId: A, receiverId: B, content: 'Salaam', messageType: 'text', replyToId: null, mediaId: null, recipientViewing: false, sentAt: NOW },
    });
  });

  it.each([
    ['an unknown conversation', d.initialState(), send(), [404, 'CONVERSATION_NOT_FOUND']],
    ['an outsider', null, send({ senderId: C }), [403, 'NOT_A_PARTICIPANT']],
    ['a block either way', null, send({ blocked: true }), [403, 'BLOCKED']],
    ['blank content', null, send({ content: ' \n\t ' }), [400, 'EMPTY_MESSAGE']],
    ['5,001 characters', null, send({ content: 'x'.repeat(5001) }), [400, 'MESSAGE_TOO_LONG']],
    ['an image message without a file', null, send({ messageType: 'image' }), [400, 'MEDIA_REQUIRED']],
    ['a text message with a file', null, send({ media: { id: 'f1', kind: 'image' } }), [400, 'MEDIA_TYPE_MISMATCH']],
    ['a video sent as an image', null, send({ messageType: 'image', media: { id: 'f1', kind: 'video' } }), [400, 'MEDIA_TYPE_MISMATCH']],
  ])('refuses a message from %s', (_, state, command, expected) => {
    expect(codeOf(() => d.decide(state ?? started(), command))).toEqual(expected);
  });

  it('takes an image, video or audio message with a blank caption, keeping the file and whether the recipient was looking', () => {
    for (const kind of ['image', 'video', 'audio'] as const) {
      const [event] = d.decide(started(), send({ messageType: kind, content: '  ', media: { id: `f-${kind}`, kind }, recipientViewing: true }));
      expect(event).toMatchObject({ type: 'MessageSent', data: { messageType: kind, content: '', mediaId: `f-${kind}`, recipientViewing: true } });
    }
  });

  it('accepts exactly 5,000 characters', () => {
    expect(d.decide(started(), send({ content: 'x'.repeat(5000) }))).toHaveLength(1);
  });

  it('mutes and archives per member, only on change, only for participants', () => {
    let { events, state } = run(started(), { type: 'SetMuted', userId: A, muted: true });
    expect(events).toEqual([{ type: 'ConversationMuted', data: { conversationId: ID, userId: A, muted: true } }]);
    expect(state.muted).toEqual({ [A]: true });
    expect(d.decide(state, { type: 'SetMuted', userId: A, muted: true })).toEqual([]);
    ({ events, state } = run(state, { type: 'SetArchived', userId: B, archived: true }));
    expect(state.archived).toEqual({ [B]: true });
    expect(codeOf(() => d.decide(state, { type: 'SetArchived', userId: C, archived: true }))).toEqual([403, 'NOT_A_PARTICIPANT']);
  });

  it('marks a message read or delivered once; reading implies delivery', () => {
    let { events, state } = run(started(), { type: 'MarkRead', userId: B, upTo: 'm2', now: NOW });
    expect(events[0]).toMatchObject({ type: 'MessagesRead', data: { userId: B, upTo: 'm2' } });
    expect(state.deliveredUpTo[B]).toBe('m2');
    expect(d.decide(state, { type: 'MarkRead', userId: B, upTo: 'm2', now: NOW })).toEqual([]);
    expect(d.decide(state, { type: 'MarkDelivered', userId: B, upTo: 'm2', now: NOW })).toEqual([]);
    // A message with a smaller id may have committed later: only the log orders marks (projector).
    expect(d.decide(state, { type: 'MarkRead', userId: B, upTo: 'm1', now: NOW })).toHaveLength(1);
    ({ events, state } = run(state, { type: 'MarkDelivered', userId: B, upTo: 'm3', now: NOW }));
    expect(events[0]).toMatchObject({ type: 'MessagesDelivered', data: { userId: B, upTo: 'm3' } });
    expect(state.readUpTo[B]).toBe('m2');
    expect(codeOf(() => d.decide(state, { type: 'MarkRead', userId: C, upTo: 'm9', now: NOW }))).toEqual([403, 'NOT_A_PARTICIPANT']);
  });
});
