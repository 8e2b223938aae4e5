#!/usr/bin/env node
// `npm start`: builds the server and the web app when missing or older than their sources, then
// runs the app (embedded by default: PGlite under ./data, in-process jobs) on http://localhost:3000.
// Arguments pass through: `npm start -- projections` runs only that role.
import { spawn } from 'node:child_process';
import { ROOT, SERVER_ENTRY, buildIfStale } from './build-if-stale.mjs';

process.chdir(ROOT);
try {
  buildIfStale('server');
  buildIfStale('frontend');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

// A newcomer's run is development (the demo seed, the mail outbox at /api/dev/outbox) unless the
// environment says otherwise; a deployment sets NODE_ENV=production itself.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
const child = spawn(process.execPath, [SERVER_ENTRY, ...process.argv.slice(2)], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
