import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { conversationIdFor } from '../events';
import { type ConversationCommand, conversationDecider as d } from './conversation.decider';

const A = '0190a000-0000-7000-8000-00000000000a';
const B = '0190a000-0000-7000-8000-00000000000b';
const C = '0190a000-0000-7000-8000-00000000000c';
const ID = conversationIdFor(A, B);
const NOW = '2026-01-01T00:00:00.000Z';

const spec = DeciderSpec.for(d);
const started = spec.given(spec.when({ type: 'Start', conversationId: ID, by: A, with: B, now: NOW }).decide().events);
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

describe('conversation decider', () => {
  it('derives one id per pair, whoever starts', () => {
    expect(conversationIdFor(A, B)).toBe(conversationIdFor(B, A));
    expect(conversationIdFor(A, C)).not.toBe(ID);
    expect(ID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('starts once; starting again decides nothing; never with yourself', () => {
    expect(started.state().participants).toEqual([A, B].sort());
    started.when({ type: 'Start', conversationId: ID, by: B, with: A, now: NOW }).thenNothingHappened();
    spec
      .when({ type: 'Start', conversationId: ID, by: A, with: A, now: NOW })
      .thenThrows({ status: 422, code: 'SELF_CONVERSATION' });
  });

  it('sends a trimmed text message to the other participant', () => {
    started.when(send()).then([
      {
        type: 'MessageSent',
        data: {
          messageId: 'm1',
          conversationId: ID,
          senderId: A,
          receiverId: B,
          content: 'Salaam',
          messageType: 'text',
          replyToId: null,
          mediaId: null,
          recipientViewing: false,
          sentAt: NOW,
        },
      },
    ]);
  });

  it.each([
    ['an unknown conversation', spec, send(), [404, 'CONVERSATION_NOT_FOUND']],
    ['an outsider', null, send({ senderId: C }), [403, 'NOT_A_PARTICIPANT']],
    ['a block either way', null, send({ blocked: true }), [403, 'BLOCKED']],
    ['blank content', null, send({ content: ' \n\t ' }), [400, 'EMPTY_MESSAGE']],
    ['5,001 characters', null, send({ content: 'x'.repeat(5001) }), [400, 'MESSAGE_TOO_LONG']],
    ['an image message without a file', null, send({ messageType: 'image' }), [400, 'MEDIA_REQUIRED']],
    ['a text message with a file', null, send({ media: { id: 'f1', kind: 'image' } }), [400, 'MEDIA_TYPE_MISMATCH']],
    [
      'a video sent as an image',
      null,
      send({ messageType: 'image', media: { id: 'f1', kind: 'video' } }),
      [400, 'MEDIA_TYPE_MISMATCH'],
    ],
  ] as const)('refuses a message from %s', (_, given, command, [status, code]) => {
    (given ?? started).when(command).thenThrows({ status, code });
  });

  it('takes an image, video or audio message with a blank caption, keeping the file and whether the recipient was looking', () => {
    for (const kind of ['image', 'video', 'audio'] as const) {
      started
        .when(send({ messageType: kind, content: '  ', media: { id: `f-${kind}`, kind }, recipientViewing: true }))
        .then(([event]) =>
          expect(event).toMatchObject({
            type: 'MessageSent',
            data: { messageType: kind, content: '', mediaId: `f-${kind}`, recipientViewing: true },
          }),
        );
    }
  });

  it('accepts exactly 5,000 characters', () => {
    started.when(send({ content: 'x'.repeat(5000) })).then((events) => expect(events).toHaveLength(1));
  });

  it('mutes and archives per member, only on change, only for participants', () => {
    const muted = started
      .when({ type: 'SetMuted', userId: A, muted: true })
      .then([{ type: 'ConversationMuted', data: { conversationId: ID, userId: A, muted: true } }]);
    expect(muted.state.muted).toEqual({ [A]: true });
    const afterMute = started.given(muted.events);
    afterMute.when({ type: 'SetMuted', userId: A, muted: true }).thenNothingHappened();
    const archived = afterMute.when({ type: 'SetArchived', userId: B, archived: true }).decide();
    expect(archived.state.archived).toEqual({ [B]: true });
    afterMute
      .given(archived.events)
      .when({ type: 'SetArchived', userId: C, archived: true })
      .thenThrows({ status: 403, code: 'NOT_A_PARTICIPANT' });
  });

  it('marks a message read or delivered once; reading implies delivery', () => {
    const read = started
      .when({ type: 'MarkRead', userId: B, upTo: 'm2', now: NOW })
      .then(([event]) => expect(event).toMatchObject({ type: 'MessagesRead', data: { userId: B, upTo: 'm2' } }));
    expect(read.state.deliveredUpTo[B]).toBe('m2');
    const afterRead = started.given(read.events);
    afterRead.when({ type: 'MarkRead', userId: B, upTo: 'm2', now: NOW }).thenNothingHappened();
    afterRead.when({ type: 'MarkDelivered', userId: B, upTo: 'm2', now: NOW }).thenNothingHappened();
    // A message with a smaller id may have committed later: only the log orders marks (projector).
    afterRead
      .when({ type: 'MarkRead', userId: B, upTo: 'm1', now: NOW })
      .then((events) => expect(events).toHaveLength(1));
    const delivered = afterRead
      .when({ type: 'MarkDelivered', userId: B, upTo: 'm3', now: NOW })
      .then(([event]) => expect(event).toMatchObject({ type: 'MessagesDelivered', data: { userId: B, upTo: 'm3' } }));
    expect(delivered.state.readUpTo[B]).toBe('m2');
    afterRead
      .given(delivered.events)
      .when({ type: 'MarkRead', userId: C, upTo: 'm9', now: NOW })
      .thenThrows({ status: 403, code: 'NOT_A_PARTICIPANT' });
  });
});
