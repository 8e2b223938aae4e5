/**
 * Where a run's JavaScript time goes, across every suite: with DC_SUITE_PROF=<dir>, Jest loads this
 * beside each suite (jest.config.js) and it writes the suite's V8 CPU profile (its modules' loading and
 * its tests on the worker's own thread; not the test environment's set-up, child processes or Chromium)
 * to <dir>. `node scripts/suite-profile.cjs <dir>` sums the profiles' self time by where the code lives
 * (a package, a Node internal, our folders, the garbage collector), overall and per kind of suite. Why
 * not `node --cpu-prof`: Jest stops its workers before they can write a whole run's profile.
 */
const fs = require('node:fs');
const path = require('node:path');

/** Sampling every 2 ms: a whole run's profiles stay a few hundred MB, the figures within a few %. */
const INTERVAL_US = 2000;

function record(dir) {
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  const started = post('Profiler.enable')
    .then(() => post('Profiler.setSamplingInterval', { interval: INTERVAL_US }))
    .then(() => post('Profiler.start'));
  afterAll(async () => {
    await started;
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    const name = expect.getState().testPath.replace(`${process.cwd()}/`, '').replace(/[/\\]/g, '__');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  });
}

/** Where a frame's code lives: a package, a Node internal, a folder of ours, or what V8 names it. */
function place(frame) {
  const url = frame.url || '';
  if (!url) return `(${frame.functionName || 'native'})`;
  if (url.startsWith('wasm:')) return '(wasm)';
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const local = url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '');
  return local.split('/').slice(0, 3).join('/');
}

function selfTimes(profile, into) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  // The profiler's own work (starting, stopping, writing the profile out) is not the suite's.
  const own = new Set();
  const mark = (node, under) => {
    const mine = under || node.callFrame.url.endsWith('scripts/suite-profile.cjs');
    if (mine) own.add(node.id);
    for (const child of node.children ?? []) mark(nodes.get(child), mine);
  };
  mark(profile.nodes[0], false);
  for (let i = 0; i < profile.samples.length; i++) {
    const frame = nodes.get(profile.samples[i]).callFrame;
    if (frame.functionName === '(idle)' || own.has(profile.samples[i])) continue;
    const key = place(frame);
    into.set(key, (into.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1e6);
  }
}

function summary(dir, top = 40) {
  const { kind } = require('./suite-cpu.cjs');
  const overall = new Map();
  const byKind = new Map();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const suite = file.replace(/\.cpuprofile$/, '').replace(/__/g, '/');
    const times = new Map();
    selfTimes(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), times);
    const k = byKind.get(kind(suite)) ?? new Map();
    for (const [place, s] of times) {
      overall.set(place, (overall.get(place) ?? 0) + s);
      k.set(place, (k.get(place) ?? 0) + s);
    }
    byKind.set(kind(suite), k);
  }
  const print = (title, times, n) => {
    const total = [...times.values()].reduce((a, b) => a + b, 0);
    console.log(`\n${title}: ${total.toFixed(0)} s of JavaScript (self time, idle left out)`);
    for (const [place, s] of [...times].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`${s.toFixed(1).padStart(8)} s ${((100 * s) / total).toFixed(1).padStart(5)} %  ${place}`);
  };
  print('all suites', overall, top);
  for (const [name, times] of byKind) print(name, times, 12);
}

if (require.main === module) summary(process.argv[2] ?? 'suite-profiles', Number(process.argv[3] ?? 40));
else if (process.env.DC_SUITE_PROF) record(process.env.DC_SUITE_PROF);
