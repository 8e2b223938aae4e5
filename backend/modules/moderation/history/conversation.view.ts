import type { ConversationHistoryView } from '@contract';
import type { ConversationEvent, MessageEvent } from '@modules/messaging';

import type { HistoryView, SeenEvent, ViewContext } from './types';

/**
 * A conversation: who is in it, each side's settings, and how many messages it held then. The
 * messages are streams of their own (`related`, up to the time shown); their words are not here.
 */
export function foldConversation(
  events: readonly SeenEvent<ConversationEvent>[],
  ctx: ViewContext,
): ConversationHistoryView | null {
  let view: ConversationHistoryView | null = null;
  for (const e of events) {
    if (e.type === 'ConversationStarted') {
      const d = e.data;
      view = {
        kind: 'conversation',
        conversationId: d.conversationId,
        participants: [...d.participants],
        startedBy: d.startedBy,
        startedAt: d.startedAt,
        messageCount: 0,
        members: Object.fromEntries(d.participants.map((id) => [id, { muted: false, archived: false }])),
      };
      continue;
    }
    if (!view) continue;
    if (e.type === 'ConversationMuted' || e.type === 'ConversationArchived') {
      const current: ConversationHistoryView = view;
      const side = current.members[e.data.userId] ?? { muted: false, archived: false };
      const changed =
        e.type === 'ConversationMuted' ? { ...side, muted: e.data.muted } : { ...side, archived: e.data.archived };
      view = { ...current, members: { ...current.members, [e.data.userId]: changed } };
    }
  }
  if (!view) return null;
  const id = view.conversationId;
  const sent = (ctx.related as readonly SeenEvent<MessageEvent>[]).filter(
    (e) => e.type === 'MessageSent' && e.data.conversationId === id,
  );
  return { ...view, messageCount: new Set(sent.map((e) => e.data.messageId)).size };
}

export const conversationView: HistoryView<ConversationHistoryView, ConversationEvent> = {
  needs: ['messages'],
  fold: foldConversation,
};
