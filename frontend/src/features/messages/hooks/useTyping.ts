import { useCallback, useEffect, useRef, useState } from 'react';

import { emitSocketEvent, SOCKET_EVENTS, useSocketEvent } from '@/resources/realtime';

import { TYPING_IDLE_MS, TYPING_SHOWN_MS } from '../types';

/**
 * Typing both ways (spec part 2 §4): `typing` goes out while the member types and stops after a
 * pause or a send; `user_typing` from the other member of this conversation shows the indicator
 * (never the member's own, from another device).
 */
export function useTyping(conversationId: string, viewerId: string) {
  const [otherTyping, setOtherTyping] = useState(false);
  const sending = useRef(false);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shown = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopTyping = useCallback(() => {
    clearTimeout(idle.current);
    if (!sending.current) return;
    sending.current = false;
    emitSocketEvent(SOCKET_EVENTS.typing, { conversationId, isTyping: false });
  }, [conversationId]);

  const typed = useCallback(() => {
    if (!sending.current) {
      sending.current = emitSocketEvent(SOCKET_EVENTS.typing, { conversationId, isTyping: true });
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [conversationId, stopTyping]);

  useSocketEvent(SOCKET_EVENTS.userTyping, (push) => {
    if (!push || push.conversationId !== conversationId || push.userId === viewerId) return;
    clearTimeout(shown.current);
    setOtherTyping(push.isTyping === true);
    if (push.isTyping) shown.current = setTimeout(() => setOtherTyping(false), TYPING_SHOWN_MS);
  });

  // A message from them ends their typing.
  useSocketEvent(SOCKET_EVENTS.newMessage, (push) => {
    if (push?.conversationId === conversationId && push.senderId !== viewerId) {
      clearTimeout(shown.current);
      setOtherTyping(false);
    }
  });

  useEffect(() => {
    setOtherTyping(false);
    return () => {
      stopTyping();
      clearTimeout(shown.current);
    };
  }, [conversationId, stopTyping]);

  return { otherTyping, typed, stopTyping };
}
