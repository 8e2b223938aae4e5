/**
 * infra/healthcheck.mjs is what Docker runs inside the app containers; exercise it as Docker does,
 * as a child process, against servers on 127.0.0.1.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, 'healthcheck.mjs');

function runCheck(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 15000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function close(server: Server | ReturnType<typeof createTcpServer>): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('healthcheck.mjs', () => {
  it('rejects an unknown role with a usage message', async () => {
    const { code, output } = await runCheck(['nope'], {});
    expect(code).toBe(2);
    expect(output).toContain('usage');
  });

  describe('api', () => {
    let answer: { status: number; body: unknown } = { status: 200, body: {} };
    const server = createHttpServer((req, res) => {
      const found = req.url === '/api/auth/health';
      res.writeHead(found ? answer.status : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(found ? answer.body : { error: 'Not Found' }));
    });
    let port = 0;
    beforeAll(async () => {
      port = await listen(server);
    });
    afterAll(() => close(server));

    it('is healthy when /api/auth/health answers 200 { status: "ok" }', async () => {
      answer = {
        status: 200,
        body: { status: 'ok', eventStore: 'kurrentdb', readStore: 'mongodb', queue: 'bullmq', version: '0.1.0' },
      };
      const { code, output } = await runCheck(['api'], { PORT: String(port) });
      expect(output).toContain('version 0.1.0');
      expect(code).toBe(0);
    });

    it('is unhealthy on a non-200 answer', async () => {
      answer = { status: 503, body: { error: 'Service Unavailable', message: 'starting', code: 'UNAVAILABLE' } };
      const { code, output } = await runCheck(['api'], { PORT: String(port) });
      expect(code).toBe(1);
      expect(output).toContain('HTTP 503');
    });

    it('is unhealthy when nothing listens', async () => {
      const spare = createTcpServer();
      const freePort = await listen(spare);
      await close(spare);
      const { code } = await runCheck(['api'], { PORT: String(freePort) });
      expect(code).toBe(1);
    });
  });

  describe('background roles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-healthcheck-'));
    const store = createTcpServer((socket) => socket.end());
    let storePort = 0;
    let fakeRole: ChildProcess | undefined;

    beforeAll(async () => {
      storePort = await listen(store);
      // Stands in for `node dist/server/backend/src/main.js workers`: the check looks for that argv.
      const main = join(dir, 'main.js');
      writeFileSync(main, 'setInterval(() => {}, 1000);\n');
      fakeRole = spawn(process.execPath, [main, 'workers'], { stdio: 'ignore' });
      await new Promise((resolve) => fakeRole?.once('spawn', resolve));
    });
    afterAll(async () => {
      fakeRole?.kill();
      await close(store);
      rmSync(dir, { recursive: true, force: true });
    });

    it('is healthy when the role runs and its stores accept connections', async () => {
      const { code, output } = await runCheck(['workers'], {
        REDIS_URL: `redis://127.0.0.1:${storePort}`,
        MONGODB_URL: `mongodb://127.0.0.1:${storePort}/deenconnect?replicaSet=rs0`,
      });
      expect(output).toContain('stores reachable: MONGODB_URL, REDIS_URL');
      expect(code).toBe(0);
    });

    it('is unhealthy when a store refuses connections', async () => {
      const spare = createTcpServer();
      const freePort = await listen(spare);
      await close(spare);
      const { code, output } = await runCheck(['workers'], {
        REDIS_URL: `redis://127.0.0.1:${storePort}`,
        EVENTSTORE_URL: `kurrentdb://127.0.0.1:${freePort}?tls=false`,
      });
      expect(code).toBe(1);
      expect(output).toContain(`127.0.0.1:${freePort} unreachable`);
    });
  });
});
