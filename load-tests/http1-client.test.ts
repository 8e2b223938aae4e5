import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';

import { encodeGet, Http1Connection, responseEnd } from './http1-client';

const listen = async <S extends Server | TcpServer>(server: S) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
};
const close = (server: Server | TcpServer) => new Promise<void>((r) => server.close(() => r()));

describe('responseEnd', () => {
  const bytes = (s: string) => Buffer.from(s, 'latin1');

  it('waits for the whole body a Content-Length announces', () => {
    const whole = 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello';
    expect(responseEnd(bytes(whole.slice(0, -1)))).toBeNull();
    expect(responseEnd(bytes(whole))).toEqual({ status: 200, end: whole.length, close: false });
    // A second response behind it (the next one on the connection) is not part of the first.
    expect(responseEnd(bytes(`${whole}HTTP/1.1 404`))?.end).toBe(whole.length);
  });

  it('follows chunked framing, trailers included, whatever the bytes arrived in', () => {
    const plain =
      'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\na\r\n0123456789\r\n0\r\n\r\n';
    const trailed = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Sum: 1\r\n\r\n';
    for (const whole of [plain, trailed]) {
      for (let cut = 0; cut < whole.length; cut++) expect(responseEnd(bytes(whole.slice(0, cut)))).toBeNull();
      expect(responseEnd(bytes(whole))?.end).toBe(whole.length);
    }
    expect(responseEnd(bytes(plain))?.status).toBe(201);
  });

  it('knows interim answers, bodiless statuses, Connection: close, unframed bodies and what is not HTTP', () => {
    const early = 'HTTP/1.1 103 Early Hints\r\nLink: </app.css>; rel=preload\r\n\r\n';
    const after = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
    expect(responseEnd(bytes(early))).toBeNull();
    expect(responseEnd(bytes(`${early}${after}`))).toEqual({
      status: 200,
      end: early.length + after.length,
      close: false,
    });
    const noContent = 'HTTP/1.1 204 No Content\r\nX: y\r\n\r\n';
    expect(responseEnd(bytes(`${noContent}HTTP/1.1`))).toEqual({ status: 204, end: noContent.length, close: false });
    expect(responseEnd(bytes('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'))?.close).toBe(true);
    expect(responseEnd(bytes('HTTP/1.1 200 OK\r\nX: y\r\n\r\npartial'))).toEqual({ status: 200, end: -1, close: true });
    expect(() => responseEnd(bytes('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow('not an HTTP/1.x response');
    expect(() => responseEnd(bytes('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'))).toThrow(
      'malformed chunked response',
    );
  });
});

describe('encodeGet', () => {
  it('writes the path, query, host and headers once', () => {
    const r = encodeGet('http://127.0.0.1:3000/api/feed?filter=following&limit=20', { cookie: 'dc.sid=abc' });
    expect(r).toMatchObject({ host: '127.0.0.1', port: 3000, address: '127.0.0.1:3000' });
    expect(r.bytes.toString('latin1')).toBe(
      'GET /api/feed?filter=following&limit=20 HTTP/1.1\r\nHost: 127.0.0.1:3000\r\ncookie: dc.sid=abc\r\n\r\n',
    );
    expect(encodeGet('http://example.test/').port).toBe(80);
    expect(() => encodeGet('https://example.test/')).toThrow('only http:// URLs');
  });
});

describe('Http1Connection against a Node HTTP server', () => {
  let server: Server;
  let port: number;
  const sockets = new Set<Socket>();
  const seen: IncomingMessage[] = [];
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      seen.push(req);
      if (req.url === '/chunked') {
        res.write('part one, ');
        res.addTrailers({ 'X-Done': 'yes' });
        res.end('part two');
      } else if (req.url === '/empty') {
        res.statusCode = 204;
        res.end();
      } else if (req.url === '/bye') {
        res.setHeader('Connection', 'close');
        res.end('bye');
      } else {
        res.statusCode = req.url === '/missing' ? 404 : 200;
        res.end(JSON.stringify({ url: req.url }));
      }
    });
    server.on('connection', (s: Socket) => sockets.add(s));
    port = await listen(server);
  });
  afterAll(() => close(server));
  beforeEach(() => {
    sockets.clear();
    seen.length = 0;
  });

  it('keeps one connection alive across responses of every framing', async () => {
    const c = new Http1Connection('127.0.0.1', port);
    const get = (path: string) => c.send(encodeGet(`http://127.0.0.1:${port}${path}`, { cookie: 'a=1' }).bytes);
    expect(await get('/one')).toBe(200);
    expect(await get('/chunked')).toBe(200);
    expect(await get('/empty')).toBe(204);
    expect(await get('/missing')).toBe(404);
    expect(await get('/two')).toBe(200);
    c.close();
    expect(sockets.size).toBe(1);
    expect(seen.map((r) => r.url)).toEqual(['/one', '/chunked', '/empty', '/missing', '/two']);
    expect(seen.every((r) => r.headers.cookie === 'a=1')).toBe(true);
  });

  it('opens a new connection after the server closes one', async () => {
    const c = new Http1Connection('127.0.0.1', port);
    const get = (path: string) => c.send(encodeGet(`http://127.0.0.1:${port}${path}`).bytes);
    expect(await get('/bye')).toBe(200);
    expect(await get('/after')).toBe(200);
    c.close();
    expect(sockets.size).toBe(2);
  });

  it('takes one request at a time', async () => {
    const c = new Http1Connection('127.0.0.1', port);
    const request = encodeGet(`http://127.0.0.1:${port}/x`).bytes;
    const first = c.send(request);
    await expect(c.send(request)).rejects.toThrow('one request at a time');
    expect(await first).toBe(200);
    c.close();
  });
});

describe('Http1Connection against raw sockets', () => {
  let server: TcpServer;
  let port: number;
  let answer: (socket: Socket) => void = () => {};
  beforeAll(async () => {
    server = createTcpServer((socket) => socket.once('data', () => answer(socket)));
    port = await listen(server);
  });
  afterAll(() => close(server));
  const send = () => new Http1Connection('127.0.0.1', port).send(encodeGet(`http://127.0.0.1:${port}/`).bytes);

  it('ends an unframed response when the server closes', async () => {
    answer = (s) => s.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it');
    expect(await send()).toBe(200);
  });

  it('fails a response cut short, and one that is not HTTP', async () => {
    answer = (s) => s.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort');
    await expect(send()).rejects.toThrow('the server closed the connection');
    answer = (s) => s.end('HTTP/1.1 200 OK\r\nContent-Le');
    await expect(send()).rejects.toThrow('the server closed the connection');
    answer = (s) => s.write('220 smtp.example.test ESMTP\r\n\r\n');
    await expect(send()).rejects.toThrow('not an HTTP/1.x response');
  });

  it('fails when nothing listens', async () => {
    const free = createTcpServer();
    const freePort = await listen(free);
    await close(free);
    await expect(
      new Http1Connection('127.0.0.1', freePort).send(Buffer.from('GET / HTTP/1.1\r\n\r\n')),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
