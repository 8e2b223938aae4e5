/**
 * A small TCP proxy in front of several API processes, one address for clients (bench:scaleout).
 * Each client connection is pinned to one backend for its whole life (keep-alive requests and
 * WebSocket upgrades stay where they began); a new connection goes where its first request's
 * `dc.node` cookie says, else to the next backend in turn, and the first answer on such a connection
 * sets that cookie, so a browser's later connections (socket.io's polling requests among them)
 * reach the same process: sticky as socket.io needs. Bytes are piped, never parsed beyond the
 * first request's headers, so the proxy costs little CPU beside the processes it fronts.
 */
import { createServer, type Server, Socket } from 'node:net';

export const STICKY_COOKIE = 'dc.node';

export interface StickyProxy {
  url: string;
  /** Connections each backend was given. */
  connections: number[];
  close(): Promise<void>;
}

export async function startStickyProxy(backends: { host: string; port: number }[], port = 0): Promise<StickyProxy> {
  let next = 0;
  const connections = backends.map(() => 0);
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.setNoDelay(true);
    client.on('error', () => client.destroy());
    client.once('data', (first: Buffer) => {
      client.pause();
      const head = first.toString('latin1', 0, Math.min(first.length, 16_384));
      const asked = new RegExp(`\\r\\ncookie:[^\\r\\n]*\\b${STICKY_COOKIE.replace('.', '\\.')}=(\\d+)`, 'i').exec(head);
      const wanted = asked ? Number(asked[1]) - 1 : -1;
      const pinned = wanted >= 0 && wanted < backends.length;
      const index = pinned ? wanted : next++ % backends.length;
      connections[index]!++;
      const upstream = createConnectionTo(backends[index]!);
      open.add(upstream);
      upstream.on('close', () => {
        open.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.write(first);
      if (pinned) upstream.pipe(client);
      else
        upstream.once('data', (answer: Buffer) => {
          upstream.pause();
          client.write(withCookie(answer, index + 1));
          upstream.pipe(client);
        });
      client.pipe(upstream);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function createConnectionTo(backend: { host: string; port: number }): Socket {
  const socket = new Socket();
  socket.setNoDelay(true);
  socket.connect(backend.port, backend.host);
  return socket;
}

/** The answer with `Set-Cookie: dc.node=<n>` after its status line (left as is if that is not in this chunk). */
function withCookie(answer: Buffer, node: number): Buffer {
  const end = answer.indexOf('\r\n');
  if (end < 0 || !answer.subarray(0, 5).equals(Buffer.from('HTTP/'))) return answer;
  const header = Buffer.from(`\r\nSet-Cookie: ${STICKY_COOKIE}=${node}; Path=/; HttpOnly; SameSite=Lax`, 'latin1');
  return Buffer.concat([answer.subarray(0, end), header, answer.subarray(end)]);
}
