/**
 * A load generator usable without k6: N keep-alive connections request a path back to back for a
 * duration, then it prints requests/s, latency percentiles and errors.
 *
 *   node scripts/run-ts.mjs load-tests/loopback.ts http://localhost:3000/api/auth/health 50 10
 *                                                  (url, connections, seconds)
 *
 * With `--urls=<file>` (one URL per line) each connection goes round the list, so a benchmark can
 * mix queries instead of timing one cached answer. A line `<url>\t<cookie>` sends its own cookie
 * (many signed-in viewers in one run).
 */
import { readFileSync } from 'node:fs';

import { encodeGet, Http1Connection } from './http1-client';

export interface LoadFigures {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** This generator's own CPU time per request (it shares the machine with what it measures). */
  clientCpuMsPerRequest: number;
}

export async function runLoad(
  target: string | string[],
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const requests = (typeof target === 'string' ? [target] : target).map((line) => {
    const [url, cookie] = line.split('\t') as [string, string | undefined];
    return encodeGet(url, cookie ? { ...headers, cookie } : headers);
  });
  let next = 0;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      // This worker's connection to each address, kept alive across its requests.
      const mine = new Map<string, Http1Connection>();
      while (performance.now() < deadline) {
        const request = requests[next++ % requests.length]!;
        let connection = mine.get(request.address);
        if (!connection) mine.set(request.address, (connection = new Http1Connection(request.host, request.port)));
        const t = performance.now();
        try {
          const status = await connection.send(request.bytes);
          latencies.push(performance.now() - t);
          if (status >= 400) errors++;
        } catch {
          errors++;
        }
      }
      for (const connection of mine.values()) connection.close();
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    clientCpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
  };
}

export function formatLoad(label: string, f: LoadFigures): string {
  return (
    `${label}: ${Math.round(f.requestsPerSecond).toLocaleString('en-US')} req/s, ` +
    `p50 ${f.p50Ms.toFixed(1)} ms, p95 ${f.p95Ms.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms, ` +
    `${f.errors} errors (${f.requests.toLocaleString('en-US')} requests in ${f.seconds.toFixed(1)} s)`
  );
}

if (process.argv[1] === __filename) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const cookie = args.find((a) => a.startsWith('--cookie='))?.slice('--cookie='.length);
  const urlsFile = args.find((a) => a.startsWith('--urls='))?.slice('--urls='.length);
  const [url, connections = '50', seconds = '10'] = args.filter((a) => !a.startsWith('--'));
  if (!url) {
    console.error(
      'usage: loopback.ts <url> [connections=50] [seconds=10] [--urls=file] [--cookie=name=value] [--json]',
    );
    process.exit(2);
  }
  const target = urlsFile ? readFileSync(urlsFile, 'utf8').split('\n').filter(Boolean) : url;
  runLoad(target, Number(connections), Number(seconds), cookie ? { cookie } : {}).then(
    (f) => console.log(json ? JSON.stringify(f) : formatLoad(`${url} with ${connections} connections`, f)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
