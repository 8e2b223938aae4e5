import type { MessageHistoryView } from '@contract';
import type { MessageEvent } from '@modules/messaging';

import type { HistoryView, SeenEvent, ViewContext } from './types';

export const WITHHELD_NOTE = 'Private message: its text is shown only once its recipient reports it';

/**
 * A private message. Its words and file are shown to moderators only when its recipient reported
 * it: the audit history is no way to read members' conversations.
 */
export function foldMessage(events: readonly SeenEvent<MessageEvent>[], ctx: ViewContext): MessageHistoryView | null {
  const sent = events.find((e) => e.type === 'MessageSent');
  if (!sent || sent.type !== 'MessageSent') return null;
  const d = sent.data;
  const reported = ctx.reportedAt ? { at: ctx.reportedAt } : null;
  return {
    kind: 'message',
    messageId: d.messageId,
    conversationId: d.conversationId,
    senderId: d.senderId,
    receiverId: d.receiverId,
    messageType: d.messageType,
    sentAt: d.sentAt,
    replyToId: d.replyToId,
    reported,
    text: reported ? d.content : null,
    mediaId: reported ? (d.mediaId ?? null) : null,
    withheld: !reported,
    note: reported ? null : WITHHELD_NOTE,
  };
}

export const messageView: HistoryView<MessageHistoryView, MessageEvent> = { needs: ['report'], fold: foldMessage };
