import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { installFakeMicrophone } from '@/features/compose/testing/fakeRecorder';
import { disconnectSocket } from '@/resources/realtime/socket';
import { installFetch } from '@/testing/installFetch';

import { fakeUploadServer } from '../../uploads/testing/fakeUploadServer';
import { makeConversation, makeMessage, ME } from '../testing/fixtures';
import { connectedSocket, renderMessages } from '../testing/renderMessages';
import type { MessageView } from '../types';

// The checksum's Web Worker cannot load here (import.meta.url); the fake upload server takes any digest.
jest.mock('@/features/uploads/hashInWorker', () => ({ hashInWorker: async () => 'c'.repeat(64) }));

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

/** The form fields of the multipart POST /api/messages calls (installFetch records JSON bodies only). */
function postedForms(): Array<Record<string, FormDataEntryValue>> {
  const fetchMock = globalThis.fetch as unknown as jest.Mock<Promise<Response>, [string, RequestInit?]>;
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/messages' && init?.body instanceof FormData)
    .map(([, init]) => Object.fromEntries((init!.body as FormData).entries()));
}

function serve(messages: () => MessageView[], sentAs: (form: FormData) => MessageView) {
  return installFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/conversations')
      return { body: { conversations: [makeConversation()], nextCursor: null } };
    if (call.method === 'GET' && call.path === '/api/conversations/c1/messages')
      return { body: { messages: messages(), hasMore: false, nextCursor: null } };
    if (call.method === 'POST' && call.path === '/api/messages') {
      const fetchMock = globalThis.fetch as unknown as jest.Mock;
      const init = fetchMock.mock.calls.at(-1)![1] as RequestInit;
      return { status: 201, body: sentAs(init.body as FormData) };
    }
    return undefined;
  });
}

const media = (kind: 'image' | 'audio', status: 'ready' | 'processing') => ({
  id: `media-${kind}`,
  kind,
  status,
  url: status === 'ready' ? `/media/${kind}` : null,
  posterUrl: null,
  durationSeconds: kind === 'audio' ? 3 : null,
  width: kind === 'image' ? 640 : null,
  height: kind === 'image' ? 480 : null,
});

describe('chat files and voice', () => {
  afterEach(() => act(() => disconnectSocket()));

  it('sends picked photos through the media uploader, privately, then one message each by media id', async () => {
    let shown: MessageView[] = [];
    const uploads = fakeUploadServer();
    const sent: Array<Record<string, unknown>> = [];
    const calls = installFetch((call) => {
      const upload = uploads.answer(call.method, call.path, call.body);
      if (upload) return upload;
      if (call.method === 'GET' && call.path === '/api/conversations')
        return { body: { conversations: [makeConversation()], nextCursor: null } };
      if (call.method === 'GET' && call.path === '/api/conversations/c1/messages')
        return { body: { messages: shown, hasMore: false, nextCursor: null } };
      if (call.method === 'POST' && call.path === '/api/messages') {
        const body = call.body as Record<string, unknown>;
        sent.push(body);
        return {
          status: 201,
          body: makeMessage({
            id: `p${sent.length}`,
            senderId: ME,
            messageType: body.messageType as 'image',
            content: String(body.content),
            media: media('image', 'processing'),
          }),
        };
      }
      return undefined;
    });
    const socket = await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    await user.click(await screen.findByRole('button', { name: /Bilal Hassan/ }));
    const log = await screen.findByRole('log', { name: 'Messages with Bilal Hassan' });

    const photos = [
      new File(['png-bytes'], 'iftar.png', { type: 'image/png' }),
      new File(['jpeg-bytes'], 'masjid.jpg', { type: 'image/jpeg' }),
    ];
    await user.upload(screen.getByTestId('attachment-input'), photos);
    const files = screen.getByRole('list', { name: 'Files to send' });
    // Each file has its own state; both end uploaded (one chunk each), privately.
    await waitFor(() => expect(within(files).getAllByText('Uploaded')).toHaveLength(2));
    const inits = calls.filter((c) => c.path === '/api/uploads/init').map((c) => c.body);
    expect(inits).toEqual([
      expect.objectContaining({ filename: 'iftar.png', private: true, totalChunks: 1 }),
      expect.objectContaining({ filename: 'masjid.jpg', private: true, totalChunks: 1 }),
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Iftar table{Enter}');

    // No file crosses in the message itself: it names the uploaded media; the words go with the first.
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      expect.objectContaining({
        conversationId: 'c1',
        messageType: 'image',
        content: 'Iftar table',
        mediaId: 'media-1',
      }),
      expect.objectContaining({ conversationId: 'c1', messageType: 'image', content: '', mediaId: 'media-1' }),
    ]);
    expect(postedForms()).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    const mine = await within(log).findAllByRole('article', { name: 'Your message' });
    expect(within(mine[0]!).getByRole('status')).toHaveTextContent('Processing…');

    shown = [
      makeMessage({
        id: 'p1',
        senderId: ME,
        messageType: 'image',
        content: 'Iftar table',
        media: media('image', 'ready'),
      }),
    ];
    // A receipt (here: delivered) refetches the page, which now has the photo ready.
    act(() =>
      socket.push('messages_delivered', {
        id: 'd1',
        conversationId: 'c1',
        userId: 'u2',
        upTo: 'p1',
        at: '',
        readerId: 'u2',
      }),
    );
    expect(await within(log).findByRole('img', { name: 'Photo from Amina' })).toHaveAttribute('src', '/media/image');
  });

  it('keeps Send off until every file is uploaded', async () => {
    const uploads = fakeUploadServer();
    // The one chunk fails: the file stays failed with Retry, and nothing can be sent.
    uploads.failOnce.set(0, 500);
    installFetch((call) => {
      const upload = uploads.answer(call.method, call.path, call.body);
      if (upload) return upload;
      if (call.method === 'GET' && call.path === '/api/conversations')
        return { body: { conversations: [makeConversation()], nextCursor: null } };
      if (call.method === 'GET' && call.path === '/api/conversations/c1/messages')
        return { body: { messages: [], hasMore: false, nextCursor: null } };
      return undefined;
    });
    await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    await user.click(await screen.findByRole('button', { name: /Bilal Hassan/ }));
    await screen.findByRole('log', { name: 'Messages with Bilal Hassan' });
    await user.upload(screen.getByTestId('attachment-input'), new File(['png'], 'dua.png', { type: 'image/png' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'For you');
    const files = screen.getByRole('list', { name: 'Files to send' });
    await within(files).findByRole('button', { name: 'Upload dua.png again' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(within(files).getByRole('button', { name: 'Upload dua.png again' }));
    await within(files).findByText('Uploaded');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  }, 20_000);

  it('refuses a file a message cannot carry, and one over 50 MB, before sending anything', async () => {
    serve(
      () => [],
      () => makeMessage(),
    );
    await connectedSocket();
    // As if the picker let anything through (the accept filter is only a hint to the browser).
    const user = userEvent.setup({ applyAccept: false });
    renderMessages();
    await user.click(await screen.findByRole('button', { name: /Bilal Hassan/ }));
    await screen.findByRole('log', { name: 'Messages with Bilal Hassan' });

    await user.upload(
      screen.getByTestId('attachment-input'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('notes.pdf is not a supported format')).toBeInTheDocument();
    const huge = new File(['x'], 'umrah.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId('attachment-input'), huge);
    expect(await screen.findByText('umrah.mp4 exceeds the 50MB limit')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(postedForms()).toEqual([]);
  });

  it('records a voice message in the browser and sends it as audio when stopped', async () => {
    const microphone = installFakeMicrophone();
    serve(
      () => [],
      () => makeMessage({ id: 'v1', senderId: ME, messageType: 'audio', content: '', media: media('audio', 'ready') }),
    );
    await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    await user.click(await screen.findByRole('button', { name: /Bilal Hassan/ }));
    const log = await screen.findByRole('log', { name: 'Messages with Bilal Hassan' });

    await user.click(screen.getByRole('button', { name: 'Record a voice message' }));
    expect(await screen.findByText('Recording 0 s')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop and send' }));

    await waitFor(() => expect(postedForms()).toHaveLength(1));
    const form = postedForms()[0]!;
    expect(form).toMatchObject({ conversationId: 'c1', messageType: 'audio', content: '' });
    expect((form.media as File).type).toBe('audio/webm');
    expect(microphone.trackStop).toHaveBeenCalled();
    const mine = await within(log).findByRole('article', { name: 'Your message' });
    expect(mine.querySelector('audio')).toHaveAttribute('src', '/media/audio');
    microphone.restore();
  });

  it('fetches the open conversation again after the socket reconnects', async () => {
    let fetches = 0;
    installFetch((call) => {
      if (call.path === '/api/conversations')
        return { body: { conversations: [makeConversation()], nextCursor: null } };
      if (call.path === '/api/conversations/c1/messages') {
        fetches += 1;
        return { body: { messages: [makeMessage({ content: `page ${fetches}` })], hasMore: false, nextCursor: null } };
      }
      return undefined;
    });
    const socket = await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    await user.click(await screen.findByRole('button', { name: /Bilal Hassan/ }));
    const log = await screen.findByRole('log', { name: 'Messages with Bilal Hassan' });
    await within(log).findByText('page 1');
    socket.emitted.length = 0;
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    expect(await within(log).findByText('page 2')).toBeInTheDocument();
    // Rooms live on the server's socket: the chat tells the new one which conversation is on screen.
    expect(socket.emitted).toContainEqual({ event: 'view_conversation', payload: { conversationId: 'c1' } });
  });
});
