import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { disconnectSocket } from '@/resources/realtime/socket';
import { deferred } from '@/testing/deferred';
import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeConversation, makeMessage, ME, PARTNER } from '../testing/fixtures';
import { connectedSocket, renderMessages } from '../testing/renderMessages';
import type { ConversationView, MessageView } from '../types';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 10, minutes)).toISOString();

const bilal = makeConversation({ id: 'c1', unreadCount: 2 });
const maryam = makeConversation({
  id: 'c2',
  user: { id: 'u3', name: 'Maryam Yusuf', username: 'maryam_k', isOnline: false },
  lastMessage: { id: 'x', messageType: 'audio', content: '', senderId: 'u3' },
});
const zaid = makeConversation({
  id: 'c3',
  user: { id: 'u4', name: 'Zaid', username: 'zaid', isOnline: false },
  lastMessage: { id: 'y', messageType: 'image', content: '', senderId: ME },
});

/** A server for one member: conversations, the messages of c1, and whatever `extra` answers first. */
function serve(
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

const conversationButton = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Conversations' })).getByRole('button', { name });

const sent = (content: string, conversationId = 'c1'): MessageView =>
  makeMessage({ id: `srv-${content}`, conversationId, senderId: ME, content, createdAt: new Date().toISOString() });

async function openBilal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Bilal Hassan/ }));
  return screen.findByRole('log', { name: 'Messages with Bilal Hassan' });
}

describe('/messages', () => {
  afterEach(() => act(() => disconnectSocket()));

  it('lists conversations with unread counts, online dots and last messages by type, and searches by name or username', async () => {
    serve([]);
    const user = userEvent.setup();
    renderMessages();
    const row = await screen.findByRole('button', { name: /Bilal Hassan/ });
    expect(within(row).getByLabelText('2 unread messages')).toHaveTextContent('2');
    expect(within(row).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(row).getByText('Salaam')).toBeInTheDocument();
    const maryamRow = conversationButton(/Maryam Yusuf/);
    expect(within(maryamRow).getByText('🎤 Voice message')).toBeInTheDocument();
    expect(within(maryamRow).queryByRole('img', { name: 'Online' })).toBeNull();
    expect(within(conversationButton(/Zaid/)).getByText('📷 Photo').parentElement).toHaveTextContent(/^You: 📷 Photo$/);

    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    await user.type(search, 'MARYAM_K');
    expect(screen.getAllByRole('button', { name: /Maryam|Bilal|Zaid/ }).map((b) => b.textContent)).toEqual([
      expect.stringContaining('Maryam Yusuf'),
    ]);
    await user.clear(search);
    await user.type(search, 'hassan');
    expect(conversationButton(/Bilal Hassan/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Maryam/ })).toBeNull();
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No conversations match "nobody"')).toBeInTheDocument();
  });

  it('pages on to older conversations', async () => {
    const calls = installFetch((call) =>
      call.path === '/api/conversations'
        ? call.url.includes('cursor=c1')
          ? { body: { conversations: [maryam], nextCursor: null } }
          : { body: { conversations: [bilal], nextCursor: 'c1' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderMessages();
    await screen.findByRole('button', { name: /Bilal Hassan/ });
    await user.click(screen.getByRole('button', { name: 'More conversations' }));
    expect(await screen.findByRole('button', { name: /Maryam Yusuf/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More conversations' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/conversations').map((c) => c.url)).toEqual([
      '/api/conversations',
      '/api/conversations?cursor=c1',
    ]);
  });

  it('says who is typing in the list, and fetches the list again for a conversation it does not hold yet', async () => {
    let conversations = [bilal, maryam];
    const calls = serve([], (call) =>
      call.method === 'GET' && call.path === '/api/conversations'
        ? { body: { conversations, nextCursor: null } }
        : undefined,
    );
    const socket = connectedSocket();
    renderMessages();
    await screen.findByRole('button', { name: /Maryam Yusuf/ });
    act(() => socket.push('user_typing', { conversationId: 'c2', userId: 'u3', isTyping: true }));
    expect(within(conversationButton(/Maryam Yusuf/)).getByText('typing…')).toBeInTheDocument();
    expect(within(conversationButton(/Bilal Hassan/)).queryByText('typing…')).toBeNull();
    act(() => socket.push('user_typing', { conversationId: 'c2', userId: 'u3', isTyping: false }));
    expect(within(conversationButton(/Maryam Yusuf/)).getByText('🎤 Voice message')).toBeInTheDocument();

    conversations = [zaid, bilal, maryam];
    const listFetches = () => calls.filter((c) => c.path === '/api/conversations').length;
    const before = listFetches();
    act(() => socket.push('user_typing', { conversationId: 'c3', userId: 'u4', isTyping: true }));
    await waitFor(() => expect(listFetches()).toBe(before + 1));
    expect(await within(await screen.findByRole('button', { name: /Zaid/ })).findByText('typing…')).toBeInTheDocument();
  });

  it('opens a conversation in place, marks its unread messages read, and groups messages by sender and 5-minute gaps', async () => {
    const calls = serve([
      makeMessage({ id: 'a1', createdAt: at(0), content: 'Salaam' }),
      makeMessage({ id: 'a2', createdAt: at(4), content: 'Are you coming?' }),
      makeMessage({ id: 'a3', createdAt: at(10), content: 'After Maghrib' }),
      makeMessage({ id: 'b1', senderId: ME, createdAt: at(11), content: 'Yes', isDelivered: true, isRead: true }),
      makeMessage({ id: 'b2', senderId: ME, createdAt: at(12), content: 'On my way', isDelivered: true }),
      makeMessage({ id: 'b3', senderId: ME, createdAt: at(13), content: 'Parking now' }),
    ]);
    const socket = connectedSocket();
    const user = userEvent.setup();
    const { container } = renderMessages();
    const log = await openBilal(user);
    await within(log).findByText('Parking now');

    // 10:00 + 10:04 together; 10:10 after a 6-minute gap; then my three.
    const groups = [...container.querySelectorAll('.chat-group')].map((g) =>
      [...g.querySelectorAll('.bubble__text')].map((p) => p.textContent),
    );
    expect(groups).toEqual([['Salaam', 'Are you coming?'], ['After Maghrib'], ['Yes', 'On my way', 'Parking now']]);

    const mine = within(log).getAllByRole('article', { name: 'Your message' });
    expect(mine.map((m) => within(m).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Read',
      'Delivered',
      'Sent',
    ]);
    expect(within(log).getAllByRole('article', { name: 'Message from Bilal Hassan' })).toHaveLength(3);

    await waitFor(() => expect(calls.some((c) => c.path === '/api/conversations/c1/mark-read')).toBe(true));
    expect(socket.emitted).toContainEqual({ event: 'view_conversation', payload: { conversationId: 'c1' } });
  });

  it('loads earlier messages above the newest page', async () => {
    const calls = serve([], (call) => {
      if (call.path !== '/api/conversations/c1/messages') return undefined;
      return call.url.includes('before=a2')
        ? {
            body: {
              messages: [makeMessage({ id: 'a1', content: 'The oldest', createdAt: at(0) })],
              hasMore: false,
              nextCursor: null,
            },
          }
        : {
            body: {
              messages: [makeMessage({ id: 'a2', content: 'The newest', createdAt: at(30) })],
              hasMore: true,
              nextCursor: 'a2',
            },
          };
    });
    connectedSocket();
    const user = userEvent.setup();
    const { container } = renderMessages();
    const log = await openBilal(user);
    await within(log).findByText('The newest');
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await within(log).findByText('The oldest');
    expect([...container.querySelectorAll('.bubble__text')].map((p) => p.textContent)).toEqual([
      'The oldest',
      'The newest',
    ]);
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/conversations/c1/messages').map((c) => c.url)).toEqual([
      '/api/conversations/c1/messages?limit=50',
      '/api/conversations/c1/messages?limit=50&before=a2',
    ]);
  });

  it('asks a signed-out visitor to sign in', async () => {
    installFetch(() => undefined, null);
    renderMessages();
    expect(await screen.findByText('Sign in to send and read messages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('sends with Enter, not with Shift+Enter, and never sends blank text', async () => {
    const posted: unknown[] = [];
    serve([], (call) => {
      if (call.method !== 'POST' || call.path !== '/api/messages') return undefined;
      posted.push(call.body);
      return { status: 201, body: sent((call.body as { content: string }).content) };
    });
    connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    await openBilal(user);
    const box = screen.getByRole('textbox', { name: 'Message' });

    await user.type(box, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('   First line\nsecond line');
    expect(posted).toEqual([]);

    await user.type(box, '{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      conversationId: 'c1',
      content: 'First line\nsecond line',
      messageType: 'text',
      replyToId: null,
    });
    expect(box).toHaveValue('');
    expect(await screen.findByText(/First line/)).toBeInTheDocument();
  });

  it('shows a message at once, keeps it with Retry when sending fails (also after going back), and sends it again', async () => {
    let attempt = 0;
    const held = deferred<FakeRoute>();
    serve([], (call) => {
      if (call.method !== 'POST' || call.path !== '/api/messages') return undefined;
      attempt += 1;
      if (attempt === 1) return held.promise;
      return { status: 201, body: sent('Bismillah') };
    });
    connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    let log = await openBilal(user);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Bismillah{Enter}');

    const pending = within(log).getByRole('article', { name: 'Your message' });
    expect(within(pending).getByText('Bismillah')).toBeInTheDocument();
    expect(within(pending).getByRole('img', { name: 'Sending' })).toBeInTheDocument();

    held.resolve({
      status: 422,
      body: { error: 'Unprocessable Entity', message: 'You cannot message this member', code: 'BLOCKED' },
    });
    expect(await within(pending).findByRole('img', { name: 'Not sent' })).toBeInTheDocument();
    // Going back to the list and opening the conversation again loses nothing.
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(screen.queryByRole('log')).toBeNull();
    log = await openBilal(user);
    const failed = await within(log).findByRole('article', { name: 'Your message' });
    expect(within(failed).getByRole('img', { name: 'Not sent' })).toBeInTheDocument();
    expect(within(failed).getByText('You cannot message this member')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    const delivered = await within(log).findByRole('img', { name: 'Sent' });
    expect(within(log).getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
    expect(delivered.closest('article')).toHaveTextContent('Bismillah');
    expect(attempt).toBe(2);
  });

  it("shows the other member's typing, sends its own, and marks an incoming message read over the socket", async () => {
    let messages: MessageView[] = [makeMessage({ id: 'a1', content: 'Salaam', createdAt: at(0) })];
    serve([], (call) =>
      call.method === 'GET' && call.path === '/api/conversations/c1/messages'
        ? { body: { messages, hasMore: false, nextCursor: null } }
        : undefined,
    );
    const socket = connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    const log = await openBilal(user);
    await within(log).findByText('Salaam');

    act(() => socket.push('user_typing', { conversationId: 'c1', userId: PARTNER.id, isTyping: true }));
    expect(within(log).getByRole('status')).toHaveTextContent('Bilal Hassan is typing…');
    // My own typing on another device, and typing in another conversation, show nothing.
    act(() => socket.push('user_typing', { conversationId: 'c1', userId: PARTNER.id, isTyping: false }));
    act(() => socket.push('user_typing', { conversationId: 'c1', userId: ME, isTyping: true }));
    act(() => socket.push('user_typing', { conversationId: 'c2', userId: 'u3', isTyping: true }));
    expect(screen.queryByText(/is typing/)).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'W');
    expect(socket.emitted).toContainEqual({ event: 'typing', payload: { conversationId: 'c1', isTyping: true } });

    messages = [...messages, makeMessage({ id: 'a2', content: 'Where are you?', createdAt: at(1) })];
    act(() =>
      socket.push('new_message', {
        id: 'a2',
        conversationId: 'c1',
        senderId: PARTNER.id,
        receiverId: ME,
        content: 'Where are you?',
        cursor: 'a2',
      }),
    );
    expect(await within(log).findByText('Where are you?')).toBeInTheDocument();
    expect(socket.emitted).toContainEqual({
      event: 'mark_messages_read',
      payload: { conversationId: 'c1', userId: ME },
    });
  });

  it('turns the tick to Read when the other member reads (messages_read push)', async () => {
    let read = false;
    serve([], (call) =>
      call.method === 'GET' && call.path === '/api/conversations/c1/messages'
        ? {
            body: {
              messages: [makeMessage({ id: 'b1', senderId: ME, content: 'Salaam', isDelivered: true, isRead: read })],
              hasMore: false,
              nextCursor: null,
            },
          }
        : undefined,
    );
    const socket = connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    const log = await openBilal(user);
    expect(await within(log).findByRole('img', { name: 'Delivered' })).toBeInTheDocument();
    read = true;
    act(() =>
      socket.push('messages_read', {
        id: 'r1',
        conversationId: 'c1',
        userId: PARTNER.id,
        upTo: 'b1',
        at: at(5),
        readerId: PARTNER.id,
      }),
    );
    expect(await within(log).findByRole('img', { name: 'Read' })).toBeInTheDocument();
  });

  it('replies quoting the original, stars a message, and mutes and archives the conversation', async () => {
    const original = makeMessage({ id: 'a1', content: 'Bring the dates', createdAt: at(0) });
    const calls = serve([original], (call) => {
      if (call.method === 'POST' && call.path === '/api/messages')
        return {
          status: 201,
          body: {
            ...sent('Will do'),
            replyToId: 'a1',
            replyTo: { id: 'a1', content: 'Bring the dates', messageType: 'text', sender: original.sender },
          },
        };
      if (call.method === 'POST' && call.path === '/api/messages/a1/star')
        return { body: { ...original, isStarred: true } };
      if (call.method === 'POST' && call.path === '/api/conversations/c1/mute')
        return { body: { ...bilal, isMuted: true } };
      if (call.method === 'POST' && call.path === '/api/conversations/c1/archive')
        return { body: { ...bilal, isArchived: true } };
      return undefined;
    });
    connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    const log = await openBilal(user);
    const theirs = await within(log).findByRole('article', { name: 'Message from Bilal Hassan' });

    await user.click(within(theirs).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText('Replying to Bilal Hassan')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Will do{Enter}');
    const reply = await within(log).findByRole('article', { name: 'Your message' });
    expect(within(reply).getByLabelText('Reply to Bilal Hassan')).toHaveTextContent('Bring the dates');
    expect(calls.find((c) => c.path === '/api/messages')?.body).toMatchObject({ replyToId: 'a1' });
    expect(screen.queryByText('Replying to Bilal Hassan')).toBeNull();

    await user.click(within(theirs).getByRole('button', { name: 'Star' }));
    expect(await within(theirs).findByRole('img', { name: 'Starred' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/messages/a1/star')?.body).toEqual({ starred: true });

    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mute' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/conversations/c1/mute')?.body).toEqual({ muted: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/conversations/c1/archive')?.body).toEqual({ archived: true }),
    );
  });

  it('reports a message the other member sent, with a reason; my own messages offer no Report', async () => {
    const theirs = makeMessage({ id: 'a1', content: 'Send me your password', createdAt: at(0) });
    const mine = makeMessage({ id: 'a2', senderId: ME, content: 'No', createdAt: at(1) });
    const calls = serve([theirs, mine], (call) =>
      call.method === 'POST' && call.path === '/api/messages/a1/report'
        ? {
            status: 201,
            body: { success: true, reportId: 'r1', message: 'Thank you. Our moderators will review this report.' },
          }
        : undefined,
    );
    connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    const log = await openBilal(user);
    const received = await within(log).findByRole('article', { name: 'Message from Bilal Hassan' });
    expect(
      within(within(log).getByRole('article', { name: 'Your message' })).queryByRole('button', { name: 'Report' }),
    ).toBeNull();

    await user.click(within(received).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report message' });
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tell us why you are reporting this message');
    await user.type(within(dialog).getByRole('textbox', { name: 'Why are you reporting this message?' }), 'Phishing');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you. Our moderators will review this message.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/report')).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/messages/a1/report', { reason: 'Phishing' }],
    ]);
  });

  it("shows the server's answer when a message report is refused", async () => {
    serve([makeMessage({ id: 'a1', createdAt: at(0) })], (call) =>
      call.method === 'POST' && call.path === '/api/messages/a1/report'
        ? { status: 404, body: { error: 'Not Found', message: 'Message not found', code: 'MESSAGE_NOT_FOUND' } }
        : undefined,
    );
    connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    const log = await openBilal(user);
    const received = await within(log).findByRole('article', { name: 'Message from Bilal Hassan' });
    await user.click(within(received).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Why are you reporting this message?' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Failed to report message: Message not found')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('searches members from 3 characters in New Message and opens the conversation with the one chosen', async () => {
    const hana = makeConversation({
      id: 'c9',
      user: { id: 'u9', name: 'Hana Ali', username: 'hana' },
      lastMessage: null,
    });
    const calls = serve([], (call) => {
      if (call.path === '/api/users/search')
        return {
          body: {
            users: [
              { id: 'u9', name: 'Hana Ali', username: 'hana', profileImage: null, isVerified: true, isOnline: true },
            ],
          },
        };
      if (call.method === 'POST' && call.path === '/api/conversations') return { status: 201, body: hana };
      if (call.path === '/api/conversations/c9/messages')
        return { body: { messages: [], hasMore: false, nextCursor: null } };
      return undefined;
    });
    connectedSocket();
    const user = userEvent.setup();
    renderMessages('/chat');
    await user.click(await screen.findByRole('button', { name: 'New Message' }));
    const dialog = screen.getByRole('dialog', { name: 'New Message' });
    const box = within(dialog).getByRole('searchbox', { name: 'Search members' });

    await user.type(box, 'ha');
    expect(within(dialog).getByText('Type at least 3 characters to search')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(calls.filter((c) => c.path === '/api/users/search')).toEqual([]);

    await user.type(box, 'n');
    await user.click(await within(dialog).findByRole('button', { name: /Hana Ali/ }));
    expect(calls.filter((c) => c.path === '/api/users/search').map((c) => c.url)).toEqual(['/api/users/search?q=han']);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/conversations')?.body).toEqual({
      userId: 'u9',
    });
    expect(await screen.findByRole('log', { name: 'Messages with Hana Ali' })).toBeInTheDocument();
    expect(await screen.findByText('Say salaam to start the conversation')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("?conversation= shows that conversation alone, or 'Conversation not found' with Back to Messages", async () => {
    serve([makeMessage({ content: 'Salaam' })], (call) =>
      call.path === '/api/conversations/c1'
        ? { body: bilal }
        : call.path === '/api/conversations/nope'
          ? { status: 404, body: { error: 'Not Found', message: 'Conversation not found', code: 'NOT_FOUND' } }
          : undefined,
    );
    const user = userEvent.setup();
    const first = renderMessages('/messages?conversation=c1');
    expect(await screen.findByRole('log', { name: 'Messages with Bilal Hassan' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    first.unmount();

    renderMessages('/messages?conversation=nope');
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Messages' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/messages$/);
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });
});
