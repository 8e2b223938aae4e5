import { execFileSync } from 'node:child_process';
import { TEST_DATABASE_URL } from '../../sql/testing/test-databases';

let reachable: boolean | undefined;

/**
 * Synchronous twin of postgresReachable(), for deciding at collection time whether to register a
 * PostgreSQL suite at all (Jest's describe cannot wait for a promise). Probes in a child process.
 * In CI (CI=true) an unreachable server is an error, as with postgresReachable().
 */
export function postgresReachableSync(): boolean {
  if (reachable !== undefined) return reachable;
  const probe = `
    const { Client } = require(${JSON.stringify(require.resolve('pg'))});
    const c = new Client({ connectionString: process.env.PROBE_URL, connectionTimeoutMillis: 2000 });
    c.connect().then(() => c.query('select 1')).then(() => process.exit(0), () => process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', probe], {
      env: { ...process.env, PROBE_URL: TEST_DATABASE_URL },
      stdio: 'ignore',
      timeout: 5000,
    });
    reachable = true;
  } catch (err) {
    if (process.env.CI) throw new Error(`PostgreSQL is required in CI but unreachable at ${TEST_DATABASE_URL}: ${String(err)}`);
    reachable = false;
  }
  return reachable;
}
