/**
 * Where a run's CPU goes, suite by suite: with DC_SUITE_CPU=<file>, Jest loads this beside each suite
 * (jest.config.js) and it appends one JSON line per suite: CPU seconds of the worker while the suite's
 * modules load (`load`) and while its tests run (`run`), of the processes it started and waited for
 * (`kids`: tsc, ffmpeg, app processes), and wall seconds. Chromium's share is not in it (the browser is
 * started once per run). `node scripts/suite-cpu.cjs <file>` sums it by kind of suite.
 */
const fs = require('node:fs');

function cpu() {
  const { user, system } = process.cpuUsage();
  // Fields 16 and 17 of /proc/self/stat: children's user and system ticks (100 per second here).
  const stat = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return { self: (user + system) / 1e6, kids: (Number(stat[13]) + Number(stat[14])) / 100 };
}

function record(file) {
  const start = cpu();
  const startedAt = Date.now();
  let loaded = start;
  beforeAll(() => {
    loaded = cpu();
  });
  afterAll(() => {
    const end = cpu();
    const name = expect.getState().testPath.replace(`${process.cwd()}/`, '');
    const round = (n) => Math.round(n * 100) / 100;
    const line = {
      name,
      load: round(loaded.self - start.self),
      run: round(end.self - loaded.self),
      kids: round(end.kids - start.kids),
      wall: round((Date.now() - startedAt) / 1000),
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}

function kind(name) {
  if (name.includes('/e2e/')) return 'browser';
  if (name.includes('static-checks')) return 'static checks';
  if (name.startsWith('frontend/src/')) return 'web unit';
  if (/\.api\.test\./.test(name)) return 'api';
  if (/fault|contract/.test(name)) return 'fault and contract';
  return 'other server';
}

const total = (x) => x.load + x.run + x.kids;

function summary(file) {
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const kinds = new Map();
  for (const l of lines) {
    const k = kinds.get(kind(l.name)) ?? { suites: 0, load: 0, run: 0, kids: 0 };
    k.suites++;
    k.load += l.load;
    k.run += l.run;
    k.kids += l.kids;
    kinds.set(kind(l.name), k);
  }
  const cell = (n) => n.toFixed(0).padStart(7);
  console.log(`${'kind'.padEnd(20)} suites    load     run    kids   total (CPU s)`);
  for (const [name, k] of [...kinds].sort((a, b) => total(b[1]) - total(a[1])))
    console.log(
      `${name.padEnd(20)} ${String(k.suites).padStart(6)} ${cell(k.load)} ${cell(k.run)} ${cell(k.kids)} ${cell(total(k))}`,
    );
  console.log('\nheaviest suites (CPU s: load + run + kids):');
  for (const l of [...lines].sort((a, b) => total(b) - total(a)).slice(0, 15))
    console.log(`${cell(total(l))}  ${l.name}`);
}

module.exports = { kind };

if (require.main === module) summary(process.argv[2] ?? 'suite-cpu.log');
else if (process.env.DC_SUITE_CPU) record(process.env.DC_SUITE_CPU);
