import type { Push } from '@platform/push/push';
import { userRoom } from '@platform/push/push';

import type { MessageDoc } from './docs';

/** The message as every client gets it; isStarred is per viewer, and nobody has starred it yet. */
export function newMessagePush(message: MessageDoc): Push {
  const { participants: _p, starredBy: _s, ...rest } = message;
  return {
    id: message.id,
    rooms: [userRoom(message.receiverId), userRoom(message.senderId)],
    event: 'new_message',
    payload: { ...rest, isStarred: false, cursor: message.id },
  };
}

/** A receipt for both sides: the reader's other tabs clear their badge, the sender sees ticks. */
export function receiptPush(
  event: 'messages_read' | 'messages_delivered',
  id: string,
  participants: string[],
  data: { conversationId: string; userId: string; upTo: string; at: string },
): Push {
  return { id, rooms: participants.map(userRoom), event, payload: { id, ...data, readerId: data.userId } };
}
