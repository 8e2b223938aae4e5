import { useCallback, useRef, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';

import { useSendMessageMutation } from '../api';
import type { Outgoing, PendingMessage } from '../types';

let counter = 0;
const tempId = () => `pending-${Date.now().toString(36)}-${(counter += 1)}`;

export interface Outbox {
  /** Messages on their way or failed, oldest first, of every conversation. */
  pending: PendingMessage[];
  send: (conversationId: string, message: Outgoing) => void;
  retry: (tempId: string) => void;
  discard: (tempId: string) => void;
}

/**
 * Held by the messages screen, so a failed message survives going back to the list and another
 * conversation. Optimistic sending: a message shows at once as 'sending'; when the server has it, it leaves the
 * outbox (the sent message is in the conversation's cache by then); when the send fails it stays as
 * 'failed' with Retry, never silently lost.
 */
export function useOutbox(viewerId: string): Outbox {
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [sendMessage] = useSendMessageMutation();
  const latest = useRef(pending);
  latest.current = pending;

  const deliver = useCallback(
    async (message: PendingMessage) => {
      try {
        await sendMessage({
          conversationId: message.conversationId,
          content: message.content,
          messageType: message.messageType,
          replyToId: message.replyTo?.id ?? null,
          ...(message.file ? { file: message.file } : {}),
          ...(message.upload ? { mediaId: message.upload.mediaId } : {}),
        }).unwrap();
        setPending((list) => list.filter((m) => m.tempId !== message.tempId));
      } catch (error) {
        const reason = serverMessage(error);
        setPending((list) =>
          list.map((m) =>
            m.tempId === message.tempId ? { ...m, status: 'failed', ...(reason ? { error: reason } : {}) } : m,
          ),
        );
      }
    },
    [sendMessage],
  );

  const send = useCallback(
    (conversationId: string, outgoing: Outgoing) => {
      const message: PendingMessage = {
        ...outgoing,
        tempId: tempId(),
        conversationId,
        senderId: viewerId,
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      setPending((list) => [...list, message]);
      void deliver(message);
    },
    [deliver, viewerId],
  );

  const retry = useCallback(
    (id: string) => {
      const message = latest.current.find((m) => m.tempId === id);
      if (!message || message.status !== 'failed') return;
      const { error: _previous, ...rest } = message;
      const again = { ...rest, status: 'sending' as const };
      setPending((list) => list.map((m) => (m.tempId === id ? again : m)));
      void deliver(again);
    },
    [deliver],
  );

  const discard = useCallback((id: string) => setPending((list) => list.filter((m) => m.tempId !== id)), []);

  return { pending, send, retry, discard };
}
