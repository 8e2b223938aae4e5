import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { disconnectSocket } from '@/resources/realtime/socket';
import { installFetch } from '@/testing/installFetch';

import { fakeUploadServer } from '../../uploads/testing/fakeUploadServer';
import { makeConversation, makeMessage, ME } from '../testing/fixtures';
import { openBilal } from '../testing/messagesScreen';
import { connectedSocket, renderMessages } from '../testing/renderMessages';

// The checksum's Web Worker cannot load here (import.meta.url); the fake upload server takes any digest.
jest.mock('@/features/uploads/hashInWorker', () => ({ hashInWorker: async () => 'c'.repeat(64) }));

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('@/resources/realtime/fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

/** Issue 40: a picked photo showed as 'chatphoto.webp · 100% (1/1 chunks)'; now it shows as itself. */
describe('chat photos before sending', () => {
  const made = new Map<string, Blob>();
  const revoked: string[] = [];
  beforeEach(() => {
    made.clear();
    revoked.length = 0;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      const url = `blob:chat-${made.size + 1}`;
      made.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
  });
  afterEach(() => act(() => disconnectSocket()));

  function serve() {
    const uploads = fakeUploadServer();
    const sent: Record<string, unknown>[] = [];
    installFetch((call) => {
      const upload = uploads.answer(call.method, call.path, call.body);
      if (upload) return upload;
      if (call.method === 'GET' && call.path === '/api/conversations')
        return { body: { conversations: [makeConversation()], nextCursor: null } };
      if (call.method === 'GET' && call.path === '/api/conversations/c1/messages')
        return { body: { messages: [], hasMore: false, nextCursor: null } };
      if (call.method === 'POST' && call.path === '/api/messages') {
        sent.push(call.body as Record<string, unknown>);
        return { status: 201, body: makeMessage({ id: `p${sent.length}`, senderId: ME, messageType: 'image' }) };
      }
      return undefined;
    });
    return { uploads, sent };
  }

  it('shows each picked photo as itself with its progress, and lets the picture go when removed or sent', async () => {
    const { sent } = serve();
    await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    await openBilal(user);

    const iftar = new File(['png-bytes'], 'iftar.png', { type: 'image/png' });
    const masjid = new File(['jpeg-bytes'], 'masjid.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('attachment-input'), [iftar, masjid]);
    const files = screen.getByRole('list', { name: 'Files to send' });
    // Object URLs of the files as picked, shown as the pictures themselves.
    expect(within(files).getByRole('img', { name: 'iftar.png, not sent yet' })).toHaveAttribute('src', 'blob:chat-1');
    expect(within(files).getByRole('img', { name: 'masjid.jpg, not sent yet' })).toHaveAttribute('src', 'blob:chat-2');
    expect([...made.values()]).toEqual([iftar, masjid]);
    await waitFor(() => expect(within(files).getAllByText('Uploaded')).toHaveLength(2));
    expect(within(files).queryByText(/iftar|masjid|chunk/)).toBeNull();

    await user.click(within(files).getByRole('button', { name: 'Remove masjid.jpg' }));
    expect(revoked).toEqual(['blob:chat-2']);
    expect(within(files).queryByRole('img', { name: /masjid/ })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Iftar table{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ messageType: 'image', content: 'Iftar table', mediaId: 'media-1' });
    expect(revoked).toEqual(['blob:chat-2', 'blob:chat-1']);
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('lets the pictures go when the member leaves the conversation before sending', async () => {
    serve();
    await connectedSocket();
    const user = userEvent.setup();
    renderMessages();
    await openBilal(user);
    await user.upload(
      screen.getByTestId('attachment-input'),
      new File(['png-bytes'], 'dua.png', { type: 'image/png' }),
    );
    await within(screen.getByRole('list', { name: 'Files to send' })).findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(revoked).toEqual(['blob:chat-1']);
  });
});
