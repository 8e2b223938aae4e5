import { useEffect, useRef, useState } from 'react';

import { api } from '@/app/api';
import { useAppDispatch } from '@/app/hooks';
import { SOCKET_EVENTS, useSocketEvent } from '@/resources/realtime';

import { CONVERSATION_LIST_TAG } from '../api';
import { TYPING_SHOWN_MS } from '../types';

/**
 * Which listed conversations the other member is typing in (the row says so instead of the last
 * message). Typing in a conversation the list does not hold yet (just started by the other member)
 * fetches the list again.
 */
export function useTypingInList(viewerId: string, listed: ReadonlySet<string>): ReadonlySet<string> {
  const dispatch = useAppDispatch();
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const set = (conversationId: string, on: boolean) => {
    clearTimeout(timers.current.get(conversationId));
    timers.current.delete(conversationId);
    if (on)
      timers.current.set(
        conversationId,
        setTimeout(() => set(conversationId, false), TYPING_SHOWN_MS),
      );
    setTyping((current) => {
      if (current.has(conversationId) === on) return current;
      const next = new Set(current);
      if (on) next.add(conversationId);
      else next.delete(conversationId);
      return next;
    });
  };

  useSocketEvent(SOCKET_EVENTS.userTyping, (push) => {
    if (!push || typeof push.conversationId !== 'string' || push.userId === viewerId) return;
    set(push.conversationId, push.isTyping === true);
    if (push.isTyping && !listed.has(push.conversationId)) dispatch(api.util.invalidateTags([CONVERSATION_LIST_TAG]));
  });
  useSocketEvent(SOCKET_EVENTS.newMessage, (push) => {
    if (push && push.senderId !== viewerId) set(push.conversationId, false);
  });

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);

  return typing;
}
