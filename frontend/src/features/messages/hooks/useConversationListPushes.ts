import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import { SOCKET_EVENTS, useSocketConnect, useSocketEvent } from '@/resources/realtime';

import { CONVERSATION_LIST_TAG } from '../api';

/** The list stays live: a new message, a read elsewhere or a partner going on/offline refreshes it. */
export function useConversationListPushes(): void {
  const dispatch = useAppDispatch();
  const refresh = () => dispatch(api.util.invalidateTags([CONVERSATION_LIST_TAG]));
  useSocketEvent(SOCKET_EVENTS.newMessage, refresh);
  useSocketEvent(SOCKET_EVENTS.messagesRead, refresh);
  // Presence shows in the list and in an open conversation's header (the standalone page's too).
  useSocketEvent(SOCKET_EVENTS.userOnline, () => dispatch(api.util.invalidateTags(['Conversation'])));
  // What came before the socket listened (its first connect follows the list's read) or while it was down.
  useSocketConnect(refresh);
}
