import type { AddressInfo } from 'node:net';

import { io, type Socket } from 'socket.io-client';

import type { Runtime } from '../runtime';
import { type Member, sessionCookieOf } from './members';

/** Makes the runtime's HTTP server listen on a loopback port (supertest reuses it) and returns its URL. */
export async function listeningUrl(runtime: Runtime): Promise<string> {
  const server = runtime.http!.getHttpServer();
  if (!server.listening) await runtime.http!.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A real socket.io client; resolves once connected, rejects with the server's refusal. */
export function connectSocket(
  url: string,
  cookie?: string,
  transport: 'websocket' | 'polling' = 'websocket',
  origin?: string,
): Promise<Socket> {
  const socket = io(url, {
    transports: [transport],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The next `event` on the socket that passes `match`, or a timeout naming what was awaited. */
export function nextEvent<T = Record<string, unknown>>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no "${event}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Every `event` the socket gets from now on (to show that something did not arrive). */
export function collect<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<Record<string, unknown>> {
  return socket.timeout(5000).emitWithAck(event, payload);
}

/**
 * For a describe block: listens on loopback before its tests and closes every socket a test opened
 * after it. `connect(member)` opens one with the member's session cookie.
 */
export function socketsFor(rt: () => Runtime) {
  const open: Socket[] = [];
  const state = { url: '' };
  beforeAll(async () => {
    state.url = await listeningUrl(rt());
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  return {
    url: () => state.url,
    /** Registers a socket the test opened some other way, so it is closed after the test too. */
    track: (socket: Socket) => (open.push(socket), socket),
    connect: async (member: Member) => {
      const socket = await connectSocket(state.url, sessionCookieOf(rt(), member));
      open.push(socket);
      return socket;
    },
  };
}
