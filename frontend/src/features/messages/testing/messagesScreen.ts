// The conversations, the fake server and the queries that the messages screen's tests share
// (MessagesScreen.test.tsx, MessagesScreen.chat.test.tsx).
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import type { ConversationView, MessageView } from '../types';
import { makeConversation, makeMessage, ME } from './fixtures';

export const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 10, minutes)).toISOString();

export const bilal = makeConversation({ id: 'c1', unreadCount: 2 });
export const maryam = makeConversation({
  id: 'c2',
  user: { id: 'u3', name: 'Maryam Yusuf', username: 'maryam_k', isOnline: false },
  lastMessage: { id: 'x', messageType: 'audio', content: '', senderId: 'u3' },
});
export const zaid = makeConversation({
  id: 'c3',
  user: { id: 'u4', name: 'Zaid', username: 'zaid', isOnline: false },
  lastMessage: { id: 'y', messageType: 'image', content: '', senderId: ME },
});

/** A server for one member: conversations, the messages of c1, and whatever `extra` answers first. */
export function serve(
  messages: MessageView[],
  extra: (call: Call) => FakeRoute | Promise<FakeRoute> | undefined = () => undefined,
  conversations: ConversationView[] = [bilal, maryam, zaid],
) {
  return installFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/conversations')
      return { body: { conversations, nextCursor: null } };
    if (call.method === 'GET' && call.path === '/api/conversations/c1/messages')
      return { body: { messages, hasMore: false, nextCursor: null } };
    if (call.method === 'POST' && call.path === '/api/conversations/c1/mark-read')
      return { body: { success: true, conversationId: 'c1', readUpTo: 'm' } };
    return undefined;
  });
}

export const conversationButton = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Conversations' })).getByRole('button', { name });

export const sent = (content: string, conversationId = 'c1'): MessageView =>
  makeMessage({ id: `srv-${content}`, conversationId, senderId: ME, content, createdAt: new Date().toISOString() });

export async function openBilal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Bilal Hassan/ }));
  return screen.findByRole('log', { name: 'Messages with Bilal Hassan' });
}
