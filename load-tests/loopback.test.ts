import { createServer, type Server } from 'node:http';

import { runLoad } from './loopback';

describe('loopback load runner', () => {
  let server: Server;
  let url: string;
  let n = 0;
  beforeAll(async () => {
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
    // How many fit in 0.3 s depends on the machine's load; what is counted must match what was served.
    expect(f.requests).toBeGreaterThanOrEqual(4);
    expect(f.requests).toBe(n);
    expect(f.errors).toBe(Math.floor(n / 5));
    expect(f.p50Ms).toBeGreaterThan(0);
    expect(f.p99Ms).toBeGreaterThanOrEqual(f.p95Ms);
    expect(f.p95Ms).toBeGreaterThanOrEqual(f.p50Ms);
  });
});
