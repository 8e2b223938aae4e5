#!/usr/bin/env node
// `npm start`: builds the server and the web app when missing or older than their sources, then
// runs the app (embedded by default: PGlite under ./data, in-process jobs) on http://localhost:3000.
// Arguments pass through: `npm start -- projections` runs only that role.
import { spawn } from 'node:child_process';
import { appEnv } from './app-env.mjs';
import { ROOT, SERVER_ENTRY, buildIfStale } from './build-if-stale.mjs';

process.chdir(ROOT);
try {
  buildIfStale('server');
  buildIfStale('frontend');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const child = spawn(process.execPath, [SERVER_ENTRY, ...process.argv.slice(2)], { stdio: 'inherit', env: appEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
