// What the benches that run the built app as a process share: a port, the process's CPU and memory
// as the kernel counts them (every thread: the allocator's, V8's GC helpers, libuv's pool), and
// waiting for it to finish its start-up work.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** CPU time the process has used, in seconds (user + system, every thread). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory in MB. */
export function residentMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** Until the process used under `share` of a core over `seconds` (its start-up work done), or `maxMs`. */
export async function waitIdle(pid, { share = 0.1, seconds = 2, maxMs = 300_000 } = {}) {
  for (const until = Date.now() + maxMs; Date.now() < until; ) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    if ((cpuSeconds(pid) - before) / seconds < share) return;
  }
}
