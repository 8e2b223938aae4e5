import { execFile } from 'node:child_process';

import type { LoadFigures } from '../../../load-tests/loopback';
import { CONNECTIONS, ROOT } from '../http-bench';

/**
 * The load generator (load-tests/loopback.ts) in a process of its own for `seconds`: round the
 * lines of urlsFile (`<url>\t<cookie>`), or one url.
 */
export function runLoadProcess(urlsFile: string | null, seconds: number, url = 'list'): Promise<LoadFigures> {
  const args = [url, String(CONNECTIONS), String(seconds), ...(urlsFile ? [`--urls=${urlsFile}`] : []), '--json'];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['scripts/run-ts.mjs', 'load-tests/loopback.ts', ...args],
      { cwd: ROOT },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout.trim().split('\n').pop()!) as LoadFigures)),
    ),
  );
}
