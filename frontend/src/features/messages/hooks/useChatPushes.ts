import { useEffect, useRef } from 'react';

import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import { emitSocketEvent, SOCKET_EVENTS, useSocketConnect, useSocketEvent } from '@/resources/realtime';

import { useMarkConversationReadMutation } from '../api';
import type { ConversationView } from '../types';

/**
 * The open conversation kept live (spec part 2 §4 Chat): opening it with unread messages marks it
 * read; a message from the other member arriving while it is open is marked read over the socket;
 * receipts refetch the page (its isDelivered / isRead); at each connect (the first comes a while after
 * the page's reads; after a reconnect the socket client has replayed what was missed) the server is
 * told again which conversation is open and everything shown is fetched again.
 */
export function useChatPushes(conversation: ConversationView | undefined, conversationId: string, viewerId: string) {
  const dispatch = useAppDispatch();
  const [markRead] = useMarkConversationReadMutation();
  const markedFor = useRef<string | null>(null);
  const refetchMessages = () => dispatch(api.util.invalidateTags([{ type: 'Message', id: conversationId }]));

  useEffect(() => {
    if (!conversation || conversation.id !== conversationId) return;
    if (conversation.unreadCount > 0 && markedFor.current !== conversationId) {
      markedFor.current = conversationId;
      void markRead(conversationId);
    }
  }, [conversation, conversationId, markRead]);

  // The server sends no notification for messages of the conversation on screen.
  useEffect(() => {
    emitSocketEvent(SOCKET_EVENTS.viewConversation, { conversationId });
    return () => {
      emitSocketEvent(SOCKET_EVENTS.viewConversation, { conversationId: null });
    };
  }, [conversationId]);

  useSocketEvent(SOCKET_EVENTS.newMessage, (push) => {
    if (!push || push.conversationId !== conversationId) return;
    refetchMessages();
    if (push.senderId !== viewerId) {
      emitSocketEvent(SOCKET_EVENTS.markMessagesRead, { conversationId, userId: viewerId });
    }
  });
  const onReceipt = (push: { conversationId?: string } | null) => {
    if (push?.conversationId === conversationId) refetchMessages();
  };
  useSocketEvent(SOCKET_EVENTS.messagesRead, onReceipt);
  useSocketEvent(SOCKET_EVENTS.messagesDelivered, onReceipt);

  // The list beside it is fetched again by the screen's own hook (useConversationListPushes): asked here
  // too, RTK Query would fetch it twice (an invalidation while a request runs waits, then runs again).
  useSocketConnect(() => {
    emitSocketEvent(SOCKET_EVENTS.viewConversation, { conversationId });
    refetchMessages();
  });
}
