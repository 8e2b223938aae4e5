import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible chat endpoint on 127.0.0.1 (an ephemeral port): it speaks
 * POST /v1/chat/completions as the real API does, and answers what the test asks for next.
 */
export type FakeReply =
  /** 200 with a chat completion whose message is this text. */
  | { kind: 'text'; content: string }
  /** An error status with the API's error body (429 carries Retry-After). */
  | { kind: 'status'; status: number; message?: string }
  /** 200 with this body as is (e.g. JSON that does not parse, or a completion without choices). */
  | { kind: 'raw'; body: string }
  /** Headers and the start of the body, then nothing more until the connection is closed. */
  | { kind: 'stall' }
  /** No answer at all. */
  | { kind: 'hang' };

export interface FakeChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: { role: string; content: string }[]; [key: string]: unknown };
}

export interface FakeChatServer {
  /** The API root to give the SDK as baseURL (…/v1). */
  baseUrl: string;
  requests: FakeChatRequest[];
  /** The reply to every request from now on. */
  reply(reply: FakeReply): void;
  close(): Promise<void>;
}

export function completion(content: string, model = 'fake-model') {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export async function startFakeChatServer(): Promise<FakeChatServer> {
  let next: FakeReply = { kind: 'text', content: 'No reply was set.' };
  const requests: FakeChatRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: FakeChatRequest['body'] = {};
      try {
        body = JSON.parse(raw) as FakeChatRequest['body'];
      } catch {
        // recorded as {}; the SDK always sends JSON
      }
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        send(res, 404, JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const reply = next;
      switch (reply.kind) {
        case 'text':
          send(res, 200, JSON.stringify(completion(reply.content, body.model)));
          return;
        case 'raw':
          send(res, 200, reply.body);
          return;
        case 'status':
          send(
            res,
            reply.status,
            JSON.stringify({
              error: { message: reply.message ?? `status ${reply.status}`, type: 'server_error', code: null },
            }),
            reply.status === 429 ? { 'retry-after': '20' } : {},
          );
          return;
        case 'stall':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"id":"chatcmpl-fake","choices":[');
          return;
        case 'hang':
          return;
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (reply) => {
      next = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
