import type { ConversationEvent } from '@modules/messaging';

import { given, minute, upTo } from '../testing/history';
import { foldConversation } from './conversation.view';
import { emptyContext, type SeenEvent } from './types';

const sent = (messageId: string, i: number): SeenEvent => ({
  type: 'MessageSent',
  data: { messageId, conversationId: 'k1', sentAt: minute(i) },
  version: 0,
  time: minute(i),
});

describe('conversation history view', () => {
  const stream = given<ConversationEvent>([
    {
      type: 'ConversationStarted',
      data: { conversationId: 'k1', participants: ['a', 'b'], startedBy: 'a', startedAt: minute(0) },
    },
    { type: 'ConversationMuted', data: { conversationId: 'k1', userId: 'b', muted: true } },
    { type: 'MessagesRead', data: { conversationId: 'k1', userId: 'b', upTo: 'm1', at: minute(2) } },
  ]);

  it('shows who is in it, each side settings and how many messages it held, never their words', () => {
    const view = foldConversation(upTo(stream, 1), emptyContext({ related: [sent('m1', 1), sent('m2', 1)] }));
    expect(view).toEqual({
      kind: 'conversation',
      conversationId: 'k1',
      participants: ['a', 'b'],
      startedBy: 'a',
      startedAt: minute(0),
      messageCount: 2,
      members: { a: { muted: false, archived: false }, b: { muted: true, archived: false } },
    });
  });

  it('counts only what it is given (the query passes messages up to the time shown)', () => {
    expect(foldConversation(upTo(stream, 0), emptyContext())?.messageCount).toBe(0);
  });
});
