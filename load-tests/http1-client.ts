/**
 * The load generator's HTTP/1.1 keep-alive connection: it writes requests encoded once and reads
 * each response just far enough to know where it ends (status, then Content-Length or chunked
 * framing). Node's http client costs the generator two to four times the CPU per request (a parser, a
 * response stream and an agent per request) on the two cores it shares with the server it
 * measures, which is why load tools (autocannon, k6) speak HTTP over raw sockets too.
 */
import { connect, type Socket } from 'node:net';

/** A GET, encoded once: the generator sends the same bytes many times. */
export interface EncodedRequest {
  host: string;
  port: number;
  /** `host:port`, the key of the connection that carries it. */
  address: string;
  bytes: Buffer;
}

export function encodeGet(url: string, headers: Record<string, string> = {}): EncodedRequest {
  const u = new URL(url);
  if (u.protocol !== 'http:') throw new Error(`only http:// URLs can be loaded, not ${url}`);
  const lines = [`GET ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const port = Number(u.port || 80);
  return {
    host: u.hostname,
    port,
    address: `${u.hostname}:${port}`,
    bytes: Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'),
  };
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * Where the first response in buf ends, with its status; null when buf does not hold all of it
 * yet. A response framed by neither Content-Length nor chunked encoding ends when the server
 * closes the connection: its end is then -1.
 */
export function responseEnd(buf: Buffer, from = 0): { status: number; end: number; close: boolean } | null {
  const headEnd = buf.indexOf(HEAD_END, from);
  if (headEnd < 0) return null;
  const head = buf.toString('latin1', from, headEnd);
  const status = Number(head.slice(9, 12));
  if (!/^HTTP\/1\.[01] \d{3}/.test(head)) throw new Error('not an HTTP/1.x response');
  let at = headEnd + 4;
  // An interim answer (100 Continue, 103 Early Hints) comes before the response itself.
  if (status < 200) return responseEnd(buf, at);
  const close = /\r\nconnection:[ \t]*close/i.test(head);
  if (status === 204 || status === 304) return { status, end: at, close };
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (length) {
    const end = at + Number(length[1]);
    return buf.length >= end ? { status, end, close } : null;
  }
  if (!/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) return { status, end: -1, close: true };
  for (;;) {
    const lineEnd = buf.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('malformed chunked response');
    if (size === 0) {
      // The last chunk, then trailers if any, then an empty line.
      const end = buf.indexOf(HEAD_END, lineEnd);
      return end < 0 ? null : { status, end: end + 4, close };
    }
    at = lineEnd + 2 + size + 2;
    if (buf.length < at) return null;
  }
}

/** One keep-alive connection that carries one request at a time; a new one after the server closes. */
export class Http1Connection {
  private socket: Socket | null = null;
  private buf: Buffer = Buffer.alloc(0);
  private waiting: { resolve(status: number): void; reject(err: Error): void } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends the request and resolves with the response's status once all of it has arrived. */
  send(request: Buffer): Promise<number> {
    if (this.waiting) return Promise.reject(new Error('one request at a time on a connection'));
    const socket = this.socket ?? this.open();
    return new Promise<number>((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(request);
    });
  }

  close(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
  }

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.buf = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    const gone = (err?: Error) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // A response without a length is whole when the server closes.
      let unframed: ReturnType<typeof responseEnd> = null;
      try {
        unframed = !err && this.buf.length ? responseEnd(this.buf) : null;
      } catch {
        // malformed: settled as an error below
      }
      if (unframed?.end === -1) this.settle(unframed.status);
      else this.settle(null, err ?? new Error('the server closed the connection'));
    };
    socket.on('error', gone);
    socket.on('close', () => gone());
    return socket;
  }

  private received(chunk: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    let done: ReturnType<typeof responseEnd>;
    try {
      done = responseEnd(this.buf);
    } catch (err) {
      this.close();
      this.settle(null, err as Error);
      return;
    }
    if (!done || done.end === -1) return;
    this.buf = this.buf.subarray(done.end);
    if (done.close) this.close();
    this.settle(done.status);
  }

  private settle(status: number | null, err?: Error) {
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) return;
    if (status === null) waiting.reject(err!);
    else waiting.resolve(status);
  }
}
