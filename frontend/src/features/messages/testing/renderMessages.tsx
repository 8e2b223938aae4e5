import { act } from '@testing-library/react';
import { NavLink, Outlet, Route } from 'react-router-dom';
import { io } from 'socket.io-client';

import type { FakeSocket } from '@/resources/realtime/fakeSocket';
import { connectSocket } from '@/resources/realtime/socket';
import { MEMBER } from '@/testing/render';
import { renderScreens } from '@/testing/screens';

import MessagesScreen from '../screens/MessagesScreen';

/**
 * The shell's layout as far as these screens need it: the bottom bar's Messages tab (a NavLink to
 * /messages, as BottomBar's) beside the screen, so a test can tap it while the screen stays mounted.
 */
function Shell() {
  return (
    <>
      <nav aria-label="Tabs">
        <NavLink to="/messages">Messages</NavLink>
      </nav>
      <Outlet />
    </>
  );
}

/** The messages screens as the shell holds them (tests mock socket.io-client with FakeSocket). */
export function renderMessages(route = '/messages') {
  return renderScreens(
    <Route element={<Shell />}>
      <Route path="/messages" element={<MessagesScreen />} />
      <Route path="/chat" element={<MessagesScreen />} />
    </Route>,
    route,
  );
}

/** Opens the member's socket (as the shell's RealtimeBridge does) and lets the server accept it. */
export async function connectedSocket(): Promise<FakeSocket> {
  await act(() => connectSocket(MEMBER.id));
  const ioMock = io as unknown as jest.Mock;
  const socket = ioMock.mock.results[ioMock.mock.results.length - 1]!.value as FakeSocket;
  act(() => socket.serverConnects());
  return socket;
}
