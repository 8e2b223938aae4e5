import { createServer, type Server } from 'node:http';

import { runLoad } from './loopback';

describe('loopback load runner', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    let n = 0;
    server = createServer((_req, res) => {
      // Every fifth request fails, so the error count has something to count.
      res.statusCode = ++n % 5 === 0 ? 500 : 200;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('counts requests, errors and latency percentiles', async () => {
    const f = await runLoad(url, 4, 0.3);
    expect(f.requests).toBeGreaterThan(20);
    expect(f.errors).toBe(Math.floor(f.requests / 5));
    expect(f.p50Ms).toBeGreaterThan(0);
    expect(f.p99Ms).toBeGreaterThanOrEqual(f.p95Ms);
    expect(f.p95Ms).toBeGreaterThanOrEqual(f.p50Ms);
  });
});
