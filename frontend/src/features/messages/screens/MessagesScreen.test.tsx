import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { disconnectSocket } from '@/resources/realtime/socket';
import { installFetch } from '@/testing/installFetch';

import { makeConversation, makeMessage, ME } from '../testing/fixtures';
import { at, bilal, conversationButton, maryam, openBilal, serve, zaid } from '../testing/messagesScreen';
import { connectedSocket, renderMessages } from '../testing/renderMessages';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

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
    const socket = await connectedSocket();
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
    const socket = await connectedSocket();
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

  it("marks each day in the reader's time zone once, before its first message, and gives each message only its time", async () => {
    const now = new Date();
    // Local times: a day starts at the reader's midnight, not UTC's.
    const daysAgo = (days: number, hours: number, minutes: number) =>
      new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, hours, minutes).toISOString();
    serve([
      makeMessage({ id: 'o1', createdAt: new Date(2024, 2, 14, 9, 0).toISOString(), content: 'Long ago' }),
      makeMessage({ id: 'o2', createdAt: new Date(2024, 2, 14, 21, 0).toISOString(), content: 'Later that day' }),
      // Three minutes apart, one sender: one group but for midnight between them.
      makeMessage({ id: 'y1', createdAt: daysAgo(1, 23, 58), content: 'Late last night' }),
      makeMessage({ id: 't1', createdAt: daysAgo(0, 0, 1), content: 'Just after midnight' }),
    ]);
    await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    const log = await openBilal(user);
    await within(log).findByText('Just after midnight');

    const days = within(log).getAllByRole('heading');
    expect(days.map((h) => h.textContent)).toEqual(['March 14, 2024', 'Yesterday', 'Today']);
    const order = [...log.querySelectorAll('h2, .bubble__text')].map((e) => e.textContent);
    expect(order).toEqual([
      'March 14, 2024',
      'Long ago',
      'Later that day',
      'Yesterday',
      'Late last night',
      'Today',
      'Just after midnight',
    ]);
    // The list holds its days and groups, and still names each message by who sent it.
    expect(within(log).getAllByRole('article', { name: 'Message from Bilal Hassan' })).toHaveLength(4);
    const dated = within(log).getAllByText(/2024/);
    expect(dated).toHaveLength(1);
    expect(days[0]).toContainElement(dated[0]!);
    for (const article of within(log).getAllByRole('article'))
      expect(article.querySelector('time')?.textContent).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('shows the list again when Messages is tapped in an open conversation (a phone shows one pane)', async () => {
    serve([makeMessage({ content: 'Salaam' })]);
    await connectedSocket();
    const user = userEvent.setup();
    const { container } = renderMessages('/chat');
    await openBilal(user);
    expect(container.querySelector('.messages--open')).not.toBeNull();

    await user.click(screen.getByRole('link', { name: 'Messages' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/messages$/);
    expect(screen.queryByRole('log')).toBeNull();
    expect(container.querySelector('.messages--open')).toBeNull();
    expect(screen.getByText('Select a conversation to start chatting')).toBeInTheDocument();

    // Tapped again on /messages itself (the same address): the list again, and it still opens one.
    await openBilal(user);
    await user.click(screen.getByRole('link', { name: 'Messages' }));
    expect(screen.queryByRole('log')).toBeNull();
    expect(container.querySelector('.messages--open')).toBeNull();
    expect(await openBilal(user)).toBeInTheDocument();
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
    await connectedSocket();
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
    await connectedSocket();
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

  it('goes back to the list from a conversation on its own page: the Messages tab and the back button', async () => {
    serve([makeMessage({ content: 'Salaam' })], (call) =>
      call.path === '/api/conversations/c1' ? { body: bilal } : undefined,
    );
    const user = userEvent.setup();
    renderMessages('/messages?conversation=c1');
    await screen.findByRole('log', { name: 'Messages with Bilal Hassan' });
    await user.click(screen.getByRole('link', { name: 'Messages' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/messages$/);
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).toBeNull();

    // Opened in place, then its own back button: the list again (the one pane a phone shows).
    await openBilal(user);
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(screen.queryByRole('log')).toBeNull();
    expect(screen.getByText('Select a conversation to start chatting')).toBeInTheDocument();
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
