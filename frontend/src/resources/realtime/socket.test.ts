import { io } from 'socket.io-client';

import { type FakeSocket } from './fakeSocket';
import {
  connectSocket,
  disconnectSocket,
  emitSocketEvent,
  emitSocketEventWithAck,
  getSocketStatus,
  subscribe,
  subscribeReconnect,
  subscribeStatus,
} from './socket';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('./fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

const ioMock = io as unknown as jest.Mock;
const lastSocket = (): FakeSocket => ioMock.mock.results[ioMock.mock.results.length - 1]!.value as FakeSocket;

describe('the realtime socket', () => {
  beforeEach(() => ioMock.mockClear());
  afterEach(() => disconnectSocket());

  it('connects to the same origin with the session cookie, websocket first, and joins as the member', async () => {
    await connectSocket('u1');
    expect(ioMock).toHaveBeenCalledTimes(1);
    const socket = lastSocket();
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      withCredentials: true,
      transports: ['websocket', 'polling'],
      reconnection: true,
    });
    expect(getSocketStatus()).toBe('disconnected');
    socket.serverConnects();
    expect(getSocketStatus()).toBe('connected');
    expect(socket.emitted).toEqual([{ event: 'join', payload: { userId: 'u1' } }]);
  });

  it('opens one connection per member and replaces it for another member', async () => {
    await connectSocket('u1');
    await connectSocket('u1');
    expect(ioMock).toHaveBeenCalledTimes(1);
    const first = lastSocket();
    await connectSocket('u2');
    expect(first.disconnected).toBe(true);
    expect(ioMock).toHaveBeenCalledTimes(2);
  });

  it('opens no connection for a member who signed out, or was replaced, while the client loaded', async () => {
    const first = connectSocket('u1');
    disconnectSocket();
    await first;
    expect(ioMock).not.toHaveBeenCalled();
    const u2 = connectSocket('u2');
    const u3 = connectSocket('u3');
    await Promise.all([u2, u3]);
    expect(ioMock).toHaveBeenCalledTimes(1);
    lastSocket().serverConnects();
    expect(lastSocket().emitted).toEqual([{ event: 'join', payload: { userId: 'u3' } }]);
  });

  it('delivers pushes to subscribers until they unsubscribe', async () => {
    const seen: unknown[] = [];
    const unsubscribe = subscribe('feed_new_posts', (payload) => seen.push(payload));
    await connectSocket('u1');
    const socket = lastSocket();
    socket.serverConnects();
    socket.push('feed_new_posts', { count: 2 });
    socket.push('other_event', { count: 9 });
    unsubscribe();
    socket.push('feed_new_posts', { count: 3 });
    expect(seen).toEqual([{ count: 2 }]);
  });

  it('drops a push it has already handled (same event and id)', async () => {
    const seen: unknown[] = [];
    subscribe('notification', (payload) => seen.push(payload));
    await connectSocket('u1');
    const socket = lastSocket();
    socket.push('notification', { id: 'n1' });
    socket.push('notification', { id: 'n1' });
    socket.push('notification', { id: 'n2' });
    expect(seen).toEqual([{ id: 'n1' }, { id: 'n2' }]);
  });

  it('keeps other subscribers running when one handler throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: unknown[] = [];
    const off1 = subscribe('post_updated', () => {
      throw new Error('boom');
    });
    const off2 = subscribe('post_updated', (payload) => seen.push(payload));
    await connectSocket('u1');
    lastSocket().push('post_updated', { postId: 'p1' });
    expect(seen).toEqual([{ postId: 'p1' }]);
    off1();
    off2();
  });

  it('reports status changes and disconnects on sign-out', async () => {
    const statuses: string[] = [];
    const off = subscribeStatus(() => statuses.push(getSocketStatus()));
    await connectSocket('u1');
    const socket = lastSocket();
    socket.serverConnects();
    socket.serverDrops();
    socket.serverConnects();
    disconnectSocket();
    off();
    expect(statuses).toEqual(['connected', 'disconnected', 'connected', 'disconnected']);
    expect(socket.disconnected).toBe(true);
    // A late event from the closed socket reaches nobody.
    const seen: unknown[] = [];
    const offSeen = subscribe('notification', (p) => seen.push(p));
    socket.push('notification', { id: 'late' });
    expect(seen).toEqual([]);
    offSeen();
  });

  it('after a reconnect, tells listeners and asks the server for the messages missed since the last cursor', async () => {
    const reconnects = jest.fn();
    const offReconnect = subscribeReconnect(reconnects);
    const messages: Array<{ id: string }> = [];
    const off = subscribe('new_message', (m) => messages.push(m));
    await connectSocket('u1');
    const socket = lastSocket();
    socket.serverConnects();
    expect(reconnects).not.toHaveBeenCalled();
    socket.push('new_message', { id: 'm1', cursor: 'm1', content: 'hi' });
    socket.serverDrops();

    const pages: Record<string, unknown> = {
      m1: { ok: true, messages: [{ id: 'm1' }, { id: 'm2' }], hasMore: true, cursor: 'm2' },
      m2: { ok: true, messages: [{ id: 'm3' }], hasMore: false, cursor: 'm3' },
    };
    socket.acks.set('sync', (payload) => pages[(payload as { after: string }).after]);
    socket.serverConnects();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(reconnects).toHaveBeenCalledTimes(1);
    expect(socket.emitted.filter((e) => e.event === 'sync').map((e) => e.payload)).toEqual([
      { after: 'm1' },
      { after: 'm2' },
    ]);
    // m1 was already delivered live: the sync does not deliver it twice.
    expect(messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    off();
    offReconnect();
  });

  it('after a reconnect, replays the notifications missed since the last notification cursor', async () => {
    const pushes: unknown[] = [];
    const off = subscribe('notification', (p) => pushes.push(p));
    await connectSocket('u1');
    const socket = lastSocket();
    socket.serverConnects();
    socket.push('notification', { notification: { id: 'follow:a:b' }, unreadCount: 1, cursor: 'k1' });
    socket.serverDrops();
    socket.acks.set('sync_notifications', () => ({
      ok: true,
      notifications: [{ id: 'message:m1' }],
      unreadCount: 2,
      hasMore: false,
      cursor: 'k2',
    }));
    socket.serverConnects();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(socket.emitted.filter((e) => e.event === 'sync_notifications').map((e) => e.payload)).toEqual([
      { after: 'k1' },
    ]);
    // No message was ever pushed: nothing to resume there.
    expect(socket.emitted.some((e) => e.event === 'sync')).toBe(false);
    expect(pushes).toEqual([
      { notification: { id: 'follow:a:b' }, unreadCount: 1, cursor: 'k1' },
      { notification: { id: 'message:m1' }, unreadCount: 2, cursor: 'k2', replayed: true },
    ]);

    // The next reconnect resumes from where the replay ended; a refusal is logged only.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    socket.acks.set('sync_notifications', () => ({ ok: false, message: 'Invalid cursor' }));
    socket.serverDrops();
    socket.serverConnects();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(socket.emitted.filter((e) => e.event === 'sync_notifications').map((e) => e.payload)).toEqual([
      { after: 'k1' },
      { after: 'k2' },
    ]);
    expect(warn).toHaveBeenCalledWith('socket sync_notifications after reconnect failed', expect.any(Error));
    off();
  });

  it('sends client events only while connected', async () => {
    // Wire-level calls: the payload's shape does not matter here (typed payloads are checked by tsc elsewhere).
    expect(emitSocketEvent('typing', {} as never)).toBe(false);
    await expect(emitSocketEventWithAck('send_message', {} as never)).rejects.toThrow('Not connected');
    await connectSocket('u1');
    const socket = lastSocket();
    socket.serverConnects();
    expect(emitSocketEvent('typing', { isTyping: true } as never)).toBe(true);
    socket.acks.set('send_message', () => ({ ok: true, message: { id: 'm9' } }));
    await expect(emitSocketEventWithAck('send_message', { content: 'salam' })).resolves.toEqual({
      ok: true,
      message: { id: 'm9' },
    });
  });

  it('logs a refused handshake and stays disconnected', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await connectSocket('u1');
    lastSocket().fire('connect_error', new Error('Not authenticated'));
    expect(getSocketStatus()).toBe('disconnected');
    expect(warn).toHaveBeenCalledWith('socket connection failed', 'Not authenticated');
  });
});
