#!/usr/bin/env node
// Container health check for the application image: `node infra/healthcheck.mjs <role>`.
// Exit 0 = healthy, 1 = unhealthy, 2 = usage error. Uses Node built-ins only (runs in the image).
//
//   api | all           GET http://127.0.0.1:$PORT/api/auth/health answers 200 with { status: "ok" }.
//   projections|workers the role's node process is running, and every store it is configured with
//                       (EVENTSTORE_URL, MONGODB_URL, REDIS_URL) accepts a TCP connection.
import { readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { pathToFileURL } from 'node:url';

const TIMEOUT_MS = 4000;
const ROLES = new Set(['api', 'all', 'projections', 'workers']);
const DEFAULT_PORTS = {
  kurrentdb: 2113,
  kurrent: 2113,
  kdb: 2113,
  esdb: 2113,
  mongodb: 27017,
  redis: 6379,
  rediss: 6379,
};

async function checkHttp() {
  const port = process.env.PORT || '3000';
  const url = `http://127.0.0.1:${port}/api/auth/health`;
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`${url} answered HTTP ${response.status}`);
  const body = await response.json();
  if (body?.status !== 'ok') throw new Error(`${url} answered status ${JSON.stringify(body?.status)}`);
  return `${url} ok (version ${body.version ?? '?'})`;
}

/** True when some process other than this one runs `node .../main.js <role>`. */
function roleProcessRunning(role) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let argv;
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue; // the process ended while we looked
    }
    const main = argv.findIndex((arg) => arg.endsWith('main.js'));
    if (main > 0 && /(^|\/)node$/.test(argv[0] ?? '') && argv[main + 1] === role) return true;
  }
  return false;
}

/** First host:port of a connection URL (kurrentdb://a:2113,b:2113?..., mongodb://h:27017/db, redis://h:6379). */
export function endpointOf(value) {
  const match = /^([a-z+]+):\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(value ?? '');
  if (!match) return undefined;
  const [scheme, modifier] = match[1].toLowerCase().split('+');
  if (modifier === 'srv') return undefined; // DNS seed list: no single host to probe
  const first = match[2].split(',')[0];
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(first);
  const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : first.split(':');
  const resolvedPort = Number(port || DEFAULT_PORTS[scheme]);
  return host && resolvedPort ? { host, port: resolvedPort } : undefined;
}

function tcpReachable({ host, port }) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (error) => {
      socket.destroy();
      reject(new Error(`${host}:${port} unreachable (${error.message})`));
    };
    socket.setTimeout(TIMEOUT_MS, () => fail(new Error('timed out')));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
  });
}

async function checkBackgroundRole(role) {
  if (!roleProcessRunning(role)) throw new Error(`no "node ... main.js ${role}" process is running`);
  const stores = ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL']
    .map((name) => [name, endpointOf(process.env[name])])
    .filter(([, endpoint]) => endpoint !== undefined);
  await Promise.all(stores.map(([, endpoint]) => tcpReachable(endpoint)));
  return `${role} running; stores reachable: ${stores.map(([name]) => name).join(', ') || 'none configured'}`;
}

async function main() {
  const role = process.argv[2] ?? 'api';
  if (!ROLES.has(role)) {
    console.error(`usage: node infra/healthcheck.mjs <${[...ROLES].join('|')}>`);
    process.exit(2);
  }
  try {
    const detail = role === 'api' || role === 'all' ? await checkHttp() : await checkBackgroundRole(role);
    console.log(`healthy: ${detail}`);
    process.exit(0);
  } catch (error) {
    console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
