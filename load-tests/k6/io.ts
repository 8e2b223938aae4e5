/**
 * The network side of the runner, on the main thread's event loop: VU threads block on
 * Atomics.wait while their request runs here, then read the answer with receiveMessageOnPort. Each
 * VU keeps its own keep-alive connection, as a k6 VU does.
 */
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { MessagePort } from 'node:worker_threads';

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  /** responseType 'none': the body is read and dropped. */
  discard: boolean;
}

export interface WireResponse {
  status: number;
  statusText: string;
  /** Lower-case names, as Node receives them; set-cookie as a list. */
  headers: Record<string, string | string[]>;
  body: string;
  error: string;
  errorCode: number;
  timings: { duration: number; waiting: number; sending: number; receiving: number; connecting: number };
  bytesIn: number;
  bytesOut: number;
}

/** Answers one VU's requests: the VU waits on `signal[0]`, set to 1 once the answer is posted. */
export function serveVU(port: MessagePort, signal: Int32Array): () => void {
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 1 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 1 }),
  };
  port.on('message', (req: WireRequest) => {
    void perform(req, agents).then((res) => {
      port.postMessage(res);
      Atomics.store(signal, 0, 1);
      Atomics.notify(signal, 0);
    });
  });
  return () => {
    port.close();
    agents.http.destroy();
    agents.https.destroy();
  };
}

function perform(req: WireRequest, agents: { http: HttpAgent; https: HttpsAgent }): Promise<WireResponse> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = started;
    let connected = started;
    let firstByte = 0;
    const timings = () => {
      const end = performance.now();
      const waiting = firstByte ? firstByte - sent : 0;
      return {
        duration: end - sent,
        waiting,
        sending: sent - connected,
        receiving: firstByte ? end - firstByte : 0,
        connecting: connected - started,
      };
    };
    const fail = (err: Error & { code?: string }) =>
      resolve({
        status: 0,
        statusText: '',
        headers: {},
        body: '',
        error: err.message,
        errorCode: errorCodeOf(err),
        timings: timings(),
        bytesIn: 0,
        bytesOut: 0,
      });
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      fail(Object.assign(new Error(`invalid URL "${req.url}"`), { code: 'ERR_INVALID_URL' }));
      return;
    }
    const https = url.protocol === 'https:';
    const body = req.body === null ? null : Buffer.from(req.body);
    const headers: Record<string, string> = { ...req.headers };
    if (body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
      headers['content-length'] = String(body.length);
    // What goes on the wire besides the body: request line and headers (k6's data_sent counts both).
    const head =
      Buffer.byteLength(`${req.method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n`) +
      Object.entries(headers).reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${v}\r\n`), 2);
    const r = (https ? httpsRequest : httpRequest)(
      url,
      { method: req.method, headers, agent: https ? agents.https : agents.http, timeout: req.timeoutMs },
      (res: IncomingMessage) => {
        firstByte = performance.now();
        const chunks: Buffer[] = [];
        let bytesIn = 0;
        res.on('data', (c: Buffer) => {
          bytesIn += c.length;
          if (!req.discard) chunks.push(c);
        });
        res.on('error', fail);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers: res.headers as Record<string, string | string[]>,
            body: Buffer.concat(chunks).toString('utf8'),
            error: '',
            errorCode: 0,
            timings: timings(),
            bytesIn,
            bytesOut: head + (body?.length ?? 0),
          }),
        );
      },
    );
    r.on('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => (connected = sent = performance.now()));
      else connected = sent = performance.now();
    });
    r.on('timeout', () => r.destroy(Object.assign(new Error('request timeout'), { code: 'ETIMEDOUT' })));
    r.on('error', fail);
    r.end(body ?? undefined);
  });
}

/** k6's error codes for what went wrong below HTTP (https://grafana.com/docs/k6/latest/javascript-api/error-codes/). */
function errorCodeOf(err: { code?: string }): number {
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 1100;
    case 'ECONNREFUSED':
      return 1212;
    case 'ECONNRESET':
      return 1220;
    case 'ETIMEDOUT':
      return 1050;
    default:
      return 1000;
  }
}
