import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What a fake provider can do to the next request instead of answering it properly: the transport
 * failures every real adapter must survive, whatever provider it speaks to.
 */
export type TransportFault =
  /** The next request gets 200 with this body as is. */
  | { kind: 'raw'; body: string }
  /** The next request gets no answer at all. */
  | { kind: 'hang' }
  /** The next request gets its headers and the start of a body, then nothing more. */
  | { kind: 'stall' };

/** Answers (or does not answer) the request as the fault says. */
export function playTransportFault(
  res: ServerResponse,
  fault: TransportFault,
  send: (res: ServerResponse, status: number, body: string) => void,
): void {
  if (fault.kind === 'hang') return;
  if (fault.kind === 'stall') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"id": "');
    return;
  }
  send(res, 200, fault.body);
}

/**
 * Starts a fake provider on 127.0.0.1 at an ephemeral port. Its `close` destroys the connections
 * still open first: a request left hanging on purpose would otherwise keep the server from closing.
 */
export async function listenOnLoopback(server: Server): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
