#!/usr/bin/env node
// Builds the server and/or the web app when their output is missing or older than the sources.
//   node scripts/build-if-stale.mjs [server] [frontend] [frontend-dev]   (server and frontend when none given)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = 'dist/server/backend/src/main.js';

const TARGETS = {
  server: {
    output: SERVER_ENTRY,
    sources: ['backend', 'workers', 'contract', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    build: ['npm', ['run', 'build:server']],
  },
  frontend: {
    output: 'frontend/dist/index.html',
    sources: [
      'frontend/src',
      'frontend/index.html',
      'frontend/public',
      'frontend/vite.config.ts',
      'frontend/build',
      'frontend/tsconfig.json',
    ],
    // Vite alone: `npm run build -w frontend` also type-checks, which `npm test`'s static checks do
    // already; here (npm start, the browser tests) it only made the bundle 20 s later.
    build: ['npx', ['vite', 'build', 'frontend']],
  },
  // A development bundle (with the development pages, e.g. /auth-debug) for the browser tests of
  // those pages; `npm start` never serves it.
  'frontend-dev': {
    output: 'frontend/dist-dev/index.html',
    sources: [
      'frontend/src',
      'frontend/index.html',
      'frontend/public',
      'frontend/vite.config.ts',
      'frontend/build',
      'frontend/tsconfig.json',
    ],
    build: ['npx', ['vite', 'build', 'frontend', '--outDir', 'dist-dev', '--emptyOutDir']],
    nodeEnv: 'development',
  },
};
const DEFAULT_TARGETS = ['server', 'frontend'];

function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else if (s.mtimeMs > max) max = s.mtimeMs;
  };
  paths.forEach((p) => walk(join(ROOT, p)));
  return max;
}

export function buildIfStale(name) {
  const t = TARGETS[name];
  const out = join(ROOT, t.output);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(t.sources)) return;
  console.log(
    `Building the ${name === 'server' ? 'server' : name === 'frontend' ? 'web app' : 'development web app'}...`,
  );
  const [cmd, args] = t.build;
  // The production build unless the target says otherwise: under Jest NODE_ENV is 'test', which
  // would give Vite (and React) a development bundle that `npm start` would then serve as current.
  const env = { ...process.env, NODE_ENV: t.nodeEnv ?? 'production' };
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`Building the ${name} failed`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  try {
    for (const name of names.length ? names : DEFAULT_TARGETS) buildIfStale(name);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
