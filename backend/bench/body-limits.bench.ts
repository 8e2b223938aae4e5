/**
 * npm run bench:body — issue 35: what a hostile JSON body costs the server. A body of nested
 * brackets is refused on its bytes (platform/http/json-shape.ts) before anything parses it; this
 * prints how long that takes against a bare Fastify in the same run that reads the same bytes and
 * answers 400 without looking at them (the floor: receiving the body), and against JSON.parse of
 * the same body (what the server would spend if it parsed first).
 *
 *   BENCH_BODY_ROUNDS=40 npm run bench:body
 *
 * Targets: every hostile body refused within 1 ms (over the bare server) of the app's refusal of
 * a one-byte body, and a megabyte of brackets refused in under a tenth of its parse.
 */
import Fastify from 'fastify';

import { median, startBenchApp } from './http-bench';

const ROUNDS = Number(process.env.BENCH_BODY_ROUNDS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 3121);
const BARE_PORT = PORT + 1;

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const BODIES: Array<[label: string, body: string]> = [
  // The app's own cost of a refusal (session, CSRF, metrics), which the rows below are read against.
  ['1 byte, malformed', '{'],
  ['10,000 levels (20 KB)', nested(10_000)],
  ['500,000 levels (1 MB)', nested(500_000)],
  ['1 MB list of 400,000 zeros', `{"list":[${'0,'.repeat(400_000)}0]}`],
];

/** Milliseconds from sending the body to the whole answer, ROUNDS times; every answer must be a 400. */
async function roundTrips(url: string, body: string, headers: Record<string, string> = {}): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    await res.arrayBuffer();
    times.push(performance.now() - start);
    if (res.status !== 400) throw new Error(`${url} answered ${res.status}, not 400`);
  }
  return times;
}

function parseMs(body: string): number[] {
  return Array.from({ length: Math.min(ROUNDS, 10) }, () => {
    const start = performance.now();
    try {
      JSON.parse(body);
    } catch {
      // The malformed row: its parse fails at once, as the app's does.
    }
    return performance.now() - start;
  });
}

async function main() {
  const bare = Fastify({ bodyLimit: 2 * 1024 * 1024 });
  bare.removeContentTypeParser('application/json');
  bare.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, _body, done) => done(null, null));
  bare.post('/refuse', async (_req, reply) => reply.code(400).send({ error: 'Bad Request' }));
  await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });
  const app = await startBenchApp('body', PORT);
  try {
    await app.runtime.http!.listen(app.config.http.port, app.config.http.host);
    // Sign-in takes a JSON body from anyone: the shape check comes before the route's own work.
    const appUrl = `http://127.0.0.1:${PORT}/api/auth/login`;
    const csrf = await fetch(`http://127.0.0.1:${PORT}/api/auth/csrf`);
    const headers = {
      cookie: csrf.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      'x-csrf-token': ((await csrf.json()) as { csrfToken: string }).csrfToken,
    };
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/refuse`;
    console.log(`bench:body — ${ROUNDS} rounds per body, medians (ms), one request at a time`);
    console.log(
      `${'body'.padEnd(30)} ${'bare'.padStart(7)} ${'app'.padStart(7)} ${'app−bare'.padStart(9)} ${'JSON.parse'.padStart(11)}`,
    );
    const misses: string[] = [];
    let floor = 0;
    for (const [label, body] of BODIES) {
      // Both servers warm up on the body first, so neither median holds a first compile.
      await roundTrips(bareUrl, body);
      await roundTrips(appUrl, body, headers);
      const b = median(await roundTrips(bareUrl, body));
      const a = median(await roundTrips(appUrl, body, headers));
      const p = median(parseMs(body));
      console.log(
        `${label.padEnd(30)} ${b.toFixed(2).padStart(7)} ${a.toFixed(2).padStart(7)} ${(a - b).toFixed(2).padStart(9)} ${p.toFixed(1).padStart(11)}`,
      );
      if (body.length === 1) floor = a - b;
      else if (a - b - floor > 1)
        misses.push(`${label}: ${(a - b - floor).toFixed(2)} ms over the app's refusal of one byte`);
      if (label.startsWith('500,000') && a >= p / 10)
        misses.push(`${label}: ${a.toFixed(2)} ms against a ${p.toFixed(1)} ms parse`);
    }
    console.log(
      misses.length
        ? `targets not met: ${misses.join('; ')}`
        : 'targets met: each within 1 ms of a one-byte refusal, a megabyte of brackets under a tenth of its parse',
    );
  } finally {
    await app.close();
    await bare.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
