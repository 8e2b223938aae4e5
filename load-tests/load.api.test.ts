import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@testing/app-processes';

import type { Runtime } from '../backend/src/runtime';
import { useRuntime } from '../backend/src/testing/profiles';
import type { Summary } from './k6/summary';
import { loadUsername, seedLoadData } from './seed';

const ROOT = join(__dirname, '..');

const METRICS_TOKEN = 'load-test-metrics-token-0123456789abcdef';

/** The embedded app, seeded for the k6 scripts, serving on a port; then the feed script against it and /metrics. */
describe('npm run load and /metrics against the app', () => {
  let port: number;
  let metricsPort: number;
  beforeAll(async () => {
    [port, metricsPort] = [await freePort(), await freePort()];
  });
  const rt = useRuntime(() => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN,
  }));
  let runtime: Runtime;
  let base: string;
  let members: string[];
  beforeAll(async () => {
    runtime = rt();
    ({ members } = await seedLoadData(runtime, { members: 2, posts: 60, follows: 1 }, () => undefined));
    await runtime.http!.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
  }, 120_000);

  /** The app's port serves /metrics to the token's bearer only; METRICS_PORT to anyone. */
  const metricsText = async (url = `${base}/metrics`) => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };
  /** The value of one series, e.g. value(text, 'dc_http_requests_total', { route: '/api/feed' }). */
  const value = (text: string, name: string, labels: Record<string, string>) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };

  it('runs the feed script with 2 VUs for 3 s: signed-in pages, checks passed, thresholds met, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-load-'));
    const exportFile = join(dir, 'summary.json');
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [
          'scripts/run-ts.mjs',
          'load-tests/k6/run.ts',
          'load-tests/feed.k6.js',
          '--vus',
          '2',
          '--duration',
          '3s',
          '--base-url',
          base,
          '--summary-export',
          exportFile,
          // A smoke run on a shared machine: everything answers right; speed is the benches' business.
          ...['-e', 'MEMBERS=2', '-e', 'THINK_SECONDS=0.1', '-e', 'P95_MS=10000', '-e', 'P99_MS=10000'],
        ],
        { cwd: ROOT, timeout: 90_000 },
        (err, out, errOut) =>
          resolve({ code: (err as { code?: number } | null)?.code ?? 0, stdout: out, stderr: errOut }),
      ),
    );
    expect({ code, stderr: code ? stderr : '' }).toEqual({ code: 0, stderr: '' });
    const summary = JSON.parse(readFileSync(exportFile, 'utf8')) as Summary;
    rmSync(dir, { recursive: true, force: true });
    const feedRequests = summary.metrics['http_req_duration{name:GET /api/feed}']!.count!;
    expect(feedRequests).toBeGreaterThanOrEqual(2);
    expect(summary.metrics.checks).toMatchObject({ fails: 0 });
    expect(summary.metrics.checks!.passes).toBeGreaterThan(feedRequests);
    expect(summary.metrics.http_req_failed).toMatchObject({ rate: 0 });
    expect(summary.metrics.iterations!.count).toBeGreaterThanOrEqual(2);
    expect(summary.metrics.vus_max).toMatchObject({ max: 2 });
    expect(summary.thresholds.length).toBeGreaterThan(0);
    expect(summary.thresholds.every((t) => t.ok)).toBe(true);
    expect(stdout).toContain('✓ viewer state on every post');
    expect(stdout).toMatch(/http_reqs\.+: \d+ +[\d.]+\/s/);

    // Every feed page the runner asked for is counted once under its route pattern.
    const text = await metricsText();
    expect(
      value(text, 'dc_http_requests_total', { method: 'GET', route: '/api/feed', status: '200', role: 'all' }),
    ).toBe(feedRequests);
    expect(
      value(text, 'dc_http_request_duration_seconds_count', { route: '/api/posts/:id', status: '200' }),
    ).toBeGreaterThan(0);
  }, 120_000);

  it('reports lag per projector, queue depth, sockets, append latency and process metrics, and nothing personal', async () => {
    const text = await metricsText();
    for (const projector of runtime.runner!.projectorNames()) {
      expect(value(text, 'dc_projection_lag_events', { projector })).toBeGreaterThanOrEqual(0);
      expect(value(text, 'dc_projection_lag_seconds', { projector })).toBeGreaterThanOrEqual(0);
    }
    expect(value(text, 'dc_job_queue_depth', { job: 'mail.send', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(value(text, 'dc_jobs_failed', { job: 'media.process' })).toBe(0);
    expect(value(text, 'dc_realtime_connected_sockets', { role: 'all' })).toBe(0);
    expect(
      value(text, 'dc_eventstore_append_duration_seconds_count', { operation: 'appendToStreams' }),
    ).toBeGreaterThan(0);
    expect(text).toContain('dc_process_cpu_user_seconds_total');
    for (const personal of [...members, loadUsername(0), 'load.seed.test']) expect(text).not.toContain(personal);
    // The scrape is not a request of the app: /metrics is not counted.
    expect(text).not.toContain('route="/metrics"');
  });

  it('answers /api/ready when the stores answer and the read models are caught up; METRICS_PORT serves the same', async () => {
    const res = await fetch(`${base}/api/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      projections: runtime.runner!.projectorNames().length,
      maxLagEvents: 1000,
    });
    const side = await metricsText(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(side).toContain('dc_projection_lag_events{projector="social",role="all"}');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/ready`)).status).toBe(200);
    // METRICS_PORT is kept off the public network: it asks no token.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
  });
});
