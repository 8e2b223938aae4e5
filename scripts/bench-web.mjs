#!/usr/bin/env node
// `npm run bench:web`: Lighthouse 12.2.3 (mobile preset: simulated slow 4G, 4x CPU) against the app as
// `npm start` serves it (built web app, embedded store, demo seed), with Debian's Chromium. Prints a
// table per screen, language and visit. A benchmark, not a test: the figures depend on the machine.
//
//   BENCH_SCREENS=home,learning  BENCH_LANGS=ar  BENCH_RUNS=3  npm run bench:web
//
// Lighthouse is not a dependency of the repository (106 packages no test needs); it is fetched once,
// pinned, by `npm exec` into npm's cache.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

import { appEnv } from './app-env.mjs';
import { freePort, waitIdle } from './bench-app.mjs';
import { buildIfStale, ROOT, SERVER_ENTRY } from './build-if-stale.mjs';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO = { emailOrUsername: 'amina_demo', password: 'Demo#Ummah2026' };
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 90, lcp: 2500, tbt: 200, cls: 0.1 };

const pick = (name, all) => (process.env[name] ? process.env[name].split(',').filter((x) => all.includes(x)) : all);

async function waitReady(base, child) {
  for (const until = Date.now() + 180_000; Date.now() < until; ) {
    if (child.exitCode !== null && !process.env.BENCH_BASE) throw new Error(`the app exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    // Ready once the demo seed is in: the catalogue lists its courses.
    if (ready) {
      const courses = await fetch(`${base}/api/courses`).then(
        (r) => (r.ok ? r.json() : null),
        () => null,
      );
      const list = courses?.courses ?? courses?.items ?? (Array.isArray(courses) ? courses : []);
      if (list.length > 0) return list;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the app never became ready with its demo data');
}

/**
 * Signs the demo member in with "Remember me" through the real form, in a Chromium profile that
 * Lighthouse then runs in: the session cookie lives in the browser's own jar, as a member's would
 * (an extra Cookie header does not reach the app's own fetches).
 */
async function signInProfile(base, profile) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/auth`);
    await page.getByLabel(/Username or email/).fill(DEMO.emailOrUsername);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL(/\/home$/, { timeout: 30_000 });
    const me = await page.evaluate(`fetch('/api/auth/me').then((r) => r.status)`);
    if (me !== 200) throw new Error(`signed in, but /api/auth/me answered ${me}`);
  } finally {
    await context.close();
  }
}

/** One Lighthouse run; `profile` is Chromium's user data folder (kept between runs for a repeat visit). */
function lighthouse(url, { profile, keepStorage }, attempt = 1) {
  const out = join(profile, `..`, `lh-${Date.now()}.json`);
  const args = [
    'exec',
    '--yes',
    `--package=${LIGHTHOUSE}`,
    '--',
    'lighthouse',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${profile}`,
  ];
  if (keepStorage) args.push('--disable-storage-reset');
  const run = spawnSync('npm', args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROME } });
  // Chromium sometimes loses the trace's start on a loaded machine (NO_NAVSTART): Lighthouse says run again.
  if (run.status !== 0 && attempt < 3 && /NO_NAVSTART|NO_FCP/.test(run.stderr))
    return lighthouse(url, { profile, keepStorage }, attempt + 1);
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url} (${args.join(' ')}):\n${run.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  // BENCH_REPORTS=<folder> keeps each run's Lighthouse report (where the main thread's time went).
  if (process.env.BENCH_REPORTS) {
    mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    const name =
      new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-') + `${keepStorage ? 'repeat' : 'first'}-${Date.now()}.json`;
    writeFileSync(join(process.env.BENCH_REPORTS, name), JSON.stringify(report));
  }
  rmSync(out, { force: true });
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    // Lighthouse's measure of the host's CPU: its 4x slowdown is meant for a host at 1,500-2,000
    // (a high-end desktop); a slower or busier host stretches every task, TBT most.
    cpuIndex: report.environment?.benchmarkIndex ?? NaN,
    signedIn: !(report.audits['errors-in-console']?.details?.items ?? []).some((i) =>
      i.sourceLocation?.url?.endsWith('/api/auth/me'),
    ),
    failing: ['accessibility', 'best-practices', 'seo'].flatMap((cat) =>
      (report.categories[cat]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && report.audits[ref.id]?.score < 1)
        .map((ref) => ref.id),
    ),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function row(label, results) {
  const m = (k) => median(results.map((r) => r[k]));
  const r = {
    performance: m('performance'),
    accessibility: m('accessibility'),
    'best-practices': m('best-practices'),
    seo: m('seo'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
  };
  const ok =
    r.performance >= TARGETS.performance &&
    r.accessibility >= TARGETS.accessibility &&
    r['best-practices'] >= TARGETS['best-practices'] &&
    r.seo >= TARGETS.seo &&
    r.lcp <= TARGETS.lcp &&
    r.tbt <= TARGETS.tbt &&
    r.cls <= TARGETS.cls;
  const failing = [...new Set(results.flatMap((x) => x.failing))].join(' ');
  // A session the browser lost would measure a guest's page: said, not hidden.
  if (label.includes('signed in') && results.some((x) => !x.signedIn)) throw new Error(`${label}: not signed in`);
  return `| ${label} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${(m('fcp') / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${Math.round(m('bytes') / 1024)} KiB | ${Math.round(m('cpuIndex'))} | ${ok ? 'yes' : 'no'} | ${failing} |`;
}

async function main() {
  const data = mkdtempSync(join(tmpdir(), 'dc-bench-web-'));
  // BENCH_BASE: an app already running (with the demo seed) instead of one started here.
  const external = process.env.BENCH_BASE;
  if (!external) {
    buildIfStale('server');
    buildIfStale('frontend');
  }
  const port = external ? 0 : await freePort();
  const base = external ?? `http://127.0.0.1:${port}`;
  const child = external
    ? { exitCode: 0, kill() {}, once() {} }
    : spawn(process.execPath, [SERVER_ENTRY], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: appEnv({
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          DATA_DIR: join(data, 'store'),
          LOG_LEVEL: 'warn',
        }),
      });
  const stop = () => child.exitCode === null && child.kill('SIGTERM');
  process.on('exit', stop);
  try {
    const courses = await waitReady(base, child);
    // Lighthouse measuring beside the start-up work (the seed's covers and video lessons) would measure the seed.
    if (!external) await waitIdle(child.pid);
    const course = courses[0].id;
    const screens = {
      home: '/home',
      search: '/search',
      learning: '/learning',
      course: `/course/${course}`,
      support: '/support',
    };
    const lines = [
      '| screen | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | bytes | CPU index | targets met | audits below 100 |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    const print = (line) => {
      lines.push(line);
      console.log(line);
    };
    console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile preset, median of ${RUNS} run(s); app at ${base}`);
    console.log(lines.join('\n'));
    for (const lang of pick('BENCH_LANGS', ['en', 'ar'])) {
      const fresh = () => {
        const profile = join(data, `chrome-${lang}-${Math.random().toString(36).slice(2)}`);
        mkdirSync(profile, { recursive: true });
        return profile;
      };
      // The first visit: nothing cached, signed out (every address shows the sign-in screen).
      if (pick('BENCH_SCREENS', ['first', ...Object.keys(screens)]).includes('first')) {
        const results = [];
        for (let i = 0; i < RUNS; i++) results.push(lighthouse(`${base}/?lang=${lang}`, { profile: fresh() }));
        print(row(`first visit (${lang})`, results));
      }
      for (const name of pick('BENCH_SCREENS', Object.keys(screens))) {
        const url = `${base}${screens[name]}?lang=${lang}`;
        const first = [];
        const repeat = [];
        for (let i = 0; i < RUNS; i++) {
          const profile = fresh();
          // Signed in; Lighthouse's storage reset empties the caches and the service worker, not the cookies.
          await signInProfile(base, profile);
          first.push(lighthouse(url, { profile }));
          // The same browser again, its cache and service worker kept: a member's repeat visit.
          repeat.push(lighthouse(url, { profile, keepStorage: true }));
        }
        print(row(`${name} signed in, first (${lang})`, first));
        print(row(`${name} signed in, repeat (${lang})`, repeat));
      }
    }
    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    writeFileSync(join(ROOT, 'reports', 'bench-web.md'), lines.join('\n') + '\n');
    console.log('\nwritten to reports/bench-web.md');
  } finally {
    stop();
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    rmSync(data, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
