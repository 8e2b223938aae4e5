import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Summary } from './summary';

const ROOT = join(__dirname, '../..');

/** `npm run load` on a fixture script against the local server; the exit code, output and summary. */
function runLoad(script: string, base: string, ...extra: string[]) {
  const exportFile = join(tmpdir(), `k6-summary-${process.pid}-${script}.json`);
  return new Promise<{ code: number; stdout: string; stderr: string; summary: Summary }>((resolve) =>
    execFile(
      process.execPath,
      [
        'scripts/run-ts.mjs',
        'load-tests/k6/run.ts',
        `load-tests/k6/fixtures/${script}`,
        '--base-url',
        base,
        '--summary-export',
        exportFile,
        ...extra,
      ],
      { cwd: ROOT, timeout: 60_000 },
      (err, stdout, stderr) => {
        const summary = existsSync(exportFile)
          ? (JSON.parse(readFileSync(exportFile, 'utf8')) as Summary)
          : ({} as Summary);
        rmSync(exportFile, { force: true });
        resolve({ code: (err as { code?: number } | null)?.code ?? 0, stdout, stderr, summary });
      },
    ),
  );
}

describe('npm run load: k6 scripts on Node', () => {
  let server: Server;
  let base: string;
  /** First request time of each VU id seen on /ping. */
  const firstSeen = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/token') {
        res.end(JSON.stringify({ token: 'from-setup' }));
        return;
      }
      if (url.pathname === '/login') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const { vu, iter } = JSON.parse(body);
          res.setHeader('set-cookie', [`vu=${vu}/${iter}; Path=/; HttpOnly`]);
          res.end('{}');
        });
        return;
      }
      if (url.pathname === '/whoami') {
        const cookie = /(?:^|; )vu=([^;]*)/.exec(req.headers.cookie ?? '')?.[1] ?? 'none';
        res.setHeader('x-seen-token', String(req.headers['x-token']));
        res.end(cookie);
        return;
      }
      if (url.pathname === '/ping') {
        const vu = String(req.headers['x-vu']);
        if (!firstSeen.has(vu)) firstSeen.set(vu, performance.now());
        res.end('pong');
        return;
      }
      res.statusCode = 500;
      res.end('broken');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('keeps cookies per VU, resets them between iterations, passes setup data, counts checks, exits 0', async () => {
    const { code, stdout, summary } = await runLoad('cookies.k6.js', base);
    expect(code).toBe(0);
    // 3 VUs x 4 iterations x 2 requests, and setup's one.
    expect(summary.metrics.http_reqs!.count).toBe(25);
    expect(summary.metrics.iterations!.count).toBe(12);
    expect(summary.metrics.checks).toMatchObject({ passes: 36, fails: 0, rate: 1 });
    expect(summary.metrics['http_req_duration{name:whoami}']!.count).toBe(12);
    expect(summary.thresholds.every((t) => t.ok)).toBe(true);
    const d = summary.metrics.http_req_duration!;
    expect(d.min).toBeLessThanOrEqual(d.med!);
    expect(d.med).toBeLessThanOrEqual(d['p(90)']!);
    expect(d['p(95)']).toBeLessThanOrEqual(d['p(99)']!);
    expect(d['p(99)']).toBeLessThanOrEqual(d.max!);
    expect(stdout).toContain('✓ cookie of this VU and iteration');
    expect(stdout).toMatch(/http_reqs\.+: 25 +[\d.]+\/s/);
    expect(stdout).toContain("✓ 'count==12' count=12");
    // A custom Trend declared at init, timed: printed as durations.
    expect(summary.metrics.whoami_time!.count).toBe(12);
    expect(stdout).toMatch(/whoami_time\.+: avg=[\d.]+(ms|µs)/);
  });

  it('exits 99 and marks the threshold when one is crossed', async () => {
    const { code, stdout, summary } = await runLoad('failing.k6.js', base);
    expect(code).toBe(99);
    expect(summary.metrics.http_req_failed).toMatchObject({ rate: 1, passes: 5 });
    expect(summary.metrics.checks).toMatchObject({ passes: 0, fails: 5 });
    expect(summary.thresholds).toEqual([
      { metric: 'http_req_failed', expression: 'rate<0.01', ok: false, actual: 1 },
      expect.objectContaining({ metric: 'http_req_duration', ok: true }),
    ]);
    expect(stdout).toMatch(/✗ http_req_failed\.+: 100\.00%/);
    expect(stdout).toContain("✗ 'rate<0.01' rate=100.00%");
    expect(stdout).toContain("thresholds on metrics 'http_req_failed' have been crossed");
  });

  it('ramps VUs up along the stages, --vus/--duration replace the scenarios, abortOnFail ends a run', async () => {
    const started = performance.now();
    const [ramp, flat, aborted] = await Promise.all([
      runLoad('ramp.k6.js', base),
      runLoad('failing.k6.js', base, '--vus', '2', '--duration', '1s'),
      runLoad('abort.k6.js', base),
    ]);
    expect(ramp.code).toBe(0);
    expect(ramp.summary.metrics.vus).toMatchObject({ min: 0, max: 3 });
    const times = ['1', '2', '3'].map((vu) => firstSeen.get(vu)!);
    expect(times.every((t) => t !== undefined)).toBe(true);
    // 0 -> 3 over 3 s: the third VU starts about two seconds after the first (all at once would be
    // ~0; a loaded machine was seen to delay the first VU's first request by 400 ms).
    expect(times[2]! - times[0]!).toBeGreaterThan(1200);
    expect(flat.code).toBe(99);
    expect(flat.summary.metrics.vus_max!.max).toBe(2);
    expect(flat.summary.metrics.iterations!.count).toBeGreaterThan(5);
    // The 60 s run ended at the first second's evaluation.
    expect(aborted.code).toBe(99);
    expect(aborted.stdout).toContain("thresholds on metrics 'http_req_failed' were crossed; the test was aborted");
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
