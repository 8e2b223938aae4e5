import type { MessageEvent } from '@modules/messaging';

import { given, minute } from '../testing/history';
import { foldMessage, WITHHELD_NOTE } from './message.view';
import { emptyContext } from './types';

describe('message history view', () => {
  const stream = given<MessageEvent>([
    {
      type: 'MessageSent',
      data: {
        messageId: 'm1',
        conversationId: 'k1',
        senderId: 'a',
        receiverId: 'b',
        content: 'A rude message',
        messageType: 'text',
        replyToId: null,
        mediaId: null,
        sentAt: minute(0),
      },
    },
    { type: 'MessageStarred', data: { messageId: 'm1', conversationId: 'k1', userId: 'b', starred: true } },
  ]);

  it('withholds the words of a message nobody reported, and says so', () => {
    const view = foldMessage(stream, emptyContext());
    expect(view).toMatchObject({ senderId: 'a', receiverId: 'b', text: null, withheld: true, note: WITHHELD_NOTE });
    expect(JSON.stringify(view)).not.toContain('A rude message');
  });

  it('shows the words once its recipient reported it', () => {
    expect(foldMessage(stream, emptyContext({ reportedAt: minute(5) }))).toMatchObject({
      text: 'A rude message',
      withheld: false,
      note: null,
      reported: { at: minute(5) },
    });
  });
});
