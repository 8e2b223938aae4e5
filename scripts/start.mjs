#!/usr/bin/env node
// `npm start`: builds the server and the web app when missing or older than their sources, then
// runs the app (embedded by default: PGlite under ./data, in-process jobs) on http://localhost:3000.
// Arguments pass through: `npm start -- projections` runs only that role.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else if (s.mtimeMs > max) max = s.mtimeMs;
  };
  paths.forEach(walk);
  return max;
}

function stale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const serverEntry = 'dist/server/backend/src/main.js';
if (stale(serverEntry, ['backend', 'workers', 'tsconfig.json', 'tsconfig.build.json'])) {
  console.log('Building the server...');
  run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
}
if (stale('frontend/dist/index.html', ['frontend/src', 'frontend/index.html', 'frontend/public', 'frontend/vite.config.ts'])) {
  console.log('Building the web app...');
  run('npm', ['run', 'build', '-w', 'frontend']);
}

const child = spawn(process.execPath, [serverEntry, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
