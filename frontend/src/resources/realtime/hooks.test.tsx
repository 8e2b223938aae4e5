import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { io } from 'socket.io-client';

import { type FakeSocket } from './fakeSocket';
import { useSocketEvent, useSocketReconnect, useSocketStatus } from './hooks';
import { connectSocket, disconnectSocket } from './socket';

jest.mock('socket.io-client', () => {
  const { FakeSocket: Fake } = jest.requireActual('./fakeSocket');
  return { io: jest.fn((options: Record<string, unknown>) => new Fake(options)) };
});

const ioMock = io as unknown as jest.Mock;
const lastSocket = (): FakeSocket => ioMock.mock.results[ioMock.mock.results.length - 1]!.value as FakeSocket;

function NewPosts({ onReconnect }: { onReconnect: () => void }) {
  const [count, setCount] = useState(0);
  useSocketEvent('feed_new_posts', (push) => setCount((c) => c + push.count));
  useSocketReconnect(onReconnect);
  return <p>new posts: {count}</p>;
}

function Status() {
  return <p>status: {useSocketStatus()}</p>;
}

describe('realtime hooks', () => {
  afterEach(() => act(() => disconnectSocket()));

  it('useSocketEvent listens while mounted and stops on unmount', async () => {
    const onReconnect = jest.fn();
    const view = render(<NewPosts onReconnect={onReconnect} />);
    await act(() => connectSocket('u1'));
    const socket = lastSocket();
    act(() => socket.push('feed_new_posts', { count: 2 }));
    act(() => socket.push('feed_new_posts', { count: 3 }));
    expect(screen.getByText('new posts: 5')).toBeInTheDocument();

    act(() => socket.serverConnects());
    expect(onReconnect).not.toHaveBeenCalled();
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    expect(onReconnect).toHaveBeenCalledTimes(1);

    view.unmount();
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('useSocketEvent calls the latest handler without resubscribing', async () => {
    const seen: string[] = [];
    function Latest({ label }: { label: string }) {
      useSocketEvent('post_updated', () => seen.push(label));
      return null;
    }
    const view = render(<Latest label="first" />);
    await act(() => connectSocket('u1'));
    view.rerender(<Latest label="second" />);
    act(() => lastSocket().push('post_updated', { postId: 'p1' }));
    expect(seen).toEqual(['second']);
  });

  it('useSocketStatus follows the connection', async () => {
    render(<Status />);
    expect(screen.getByText('status: disconnected')).toBeInTheDocument();
    await act(() => connectSocket('u1'));
    act(() => lastSocket().serverConnects());
    expect(screen.getByText('status: connected')).toBeInTheDocument();
    act(() => lastSocket().serverDrops());
    expect(screen.getByText('status: disconnected')).toBeInTheDocument();
  });
});
