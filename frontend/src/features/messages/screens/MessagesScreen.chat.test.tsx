import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { disconnectSocket } from '@/resources/realtime/socket';
import { deferred } from '@/testing/deferred';
import type { FakeRoute } from '@/testing/render';

import { makeMessage, ME, PARTNER } from '../testing/fixtures';
import { at, bilal, openBilal, sent, serve } from '../testing/messagesScreen';
import { connectedSocket, renderMessages } from '../testing/renderMessages';
import type { MessageView } from '../types';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

describe('/messages: in a conversation', () => {
  afterEach(() => act(() => disconnectSocket()));

  it('sends with Enter, not with Shift+Enter, and never sends blank text', async () => {
    const posted: unknown[] = [];
    serve([], (call) => {
      if (call.method !== 'POST' || call.path !== '/api/messages') return undefined;
      posted.push(call.body);
      return { status: 201, body: sent((call.body as { content: string }).content) };
    });
    await connectedSocket();
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
    await connectedSocket();
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
    const socket = await connectedSocket();
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
    const socket = await connectedSocket();
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
    await connectedSocket();
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
    await connectedSocket();
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
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Add details (optional)' }), 'Phishing');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you. Our moderators will review this message.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/report')).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/messages/a1/report', { reason: 'Spam: Phishing' }],
    ]);
  });

  it("shows the server's answer when a message report is refused", async () => {
    serve([makeMessage({ id: 'a1', createdAt: at(0) })], (call) =>
      call.method === 'POST' && call.path === '/api/messages/a1/report'
        ? { status: 404, body: { error: 'Not Found', message: 'Message not found', code: 'MESSAGE_NOT_FOUND' } }
        : undefined,
    );
    await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    const log = await openBilal(user);
    const received = await within(log).findByRole('article', { name: 'Message from Bilal Hassan' });
    await user.click(within(received).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Failed to report message: Message not found')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});
